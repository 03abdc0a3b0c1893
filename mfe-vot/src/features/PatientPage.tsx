import type { ReactNode } from 'react';
import { PatientPage as Page } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { routes } from '../routes';
import { patientTreatmentApi } from './patient-treatment.api';

/**
 * A VOT page of one patient (the route's :id), read fresh: 'Patient not found.' when missing or
 * not the user's. `alongside` starts the page's list with the patient's read (PatientPage of the kit).
 */
export function PatientPage({
  alongside,
  children,
}: {
  alongside?: (patientId: number, search: URLSearchParams) => void;
  children: (patient: Patient, replace: (p: Patient) => void) => ReactNode;
}) {
  return (
    <Page
      load={patientTreatmentApi.show}
      alongside={alongside}
      listPath={routes.pureVotPatientList.path}
      listLabel="Pure VOT Patient List"
    >
      {children}
    </Page>
  );
}
