import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { LoadError, useRecord } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { BackButton, FullScreenSpinner } from '@vot/shared/ui';
import { votPatientApi } from './vot-patient.api';

/** A VOT page of one patient (the route's :id): read fresh, 'Patient not found.' when missing or not the user's. */
export function PatientPage({
  children,
}: {
  children: (patient: Patient, replace: (p: Patient) => void) => ReactNode;
}) {
  const { id } = useParams();
  const patient = useRecord(votPatientApi.show, id);
  if (patient.status === 'loading') return <FullScreenSpinner />;
  if (patient.status === 'failed') return <LoadError message={patient.message} onRetry={patient.retry} />;
  if (patient.status !== 'found')
    return (
      <section>
        <BackButton />
        <h2>Patient not found.</h2>
      </section>
    );
  return <>{children(patient.record, patient.replace)}</>;
}
