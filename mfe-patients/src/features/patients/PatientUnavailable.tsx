import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RecordUnavailable, useRecord } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { FullScreenSpinner } from '@vot/shared/ui';
import { patientsApi } from './patient.api';
import { routes } from '../../routes';

/** The patient of a route's :id, read fresh (its password shows only while it is the generated one). */
export const usePatient = (rawId: string | undefined) => useRecord(patientsApi.show, rawId);

/** What a patient's page shows instead of the patient: 'Patient not found.', or why it could not be read. */
export function PatientUnavailable({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <RecordUnavailable
      entity="Patient"
      listPath={routes.tb.path}
      listLabel="TB Patient List"
      message={message}
      onRetry={onRetry}
    />
  );
}

/**
 * A page about the patient of the route's :id: the spinner while it loads, PatientUnavailable when it
 * cannot be shown, else `children` with the patient and how to replace it after a save.
 */
export function PatientPage({
  labelledBy,
  children,
}: {
  labelledBy: string;
  children: (patient: Patient, replace: (p: Patient) => void) => ReactNode;
}) {
  const { id } = useParams();
  const state = usePatient(id);
  if (state.status === 'missing' || state.status === 'skipped') return <PatientUnavailable />;
  if (state.status === 'failed') return <PatientUnavailable message={state.message} onRetry={state.retry} />;
  if (state.status === 'loading') return <FullScreenSpinner />;
  return (
    <section className="vot-list-page" aria-labelledby={labelledBy}>
      {children(state.record, state.replace)}
    </section>
  );
}
