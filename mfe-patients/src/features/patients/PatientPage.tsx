import type { ReactNode } from 'react';
import { PatientPage as Page } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { patientsApi } from './patient.api';
import { routes } from '../../routes';

/**
 * A page about the patient of the route's :id, read fresh (its password shows only while it is the
 * generated one), framed and labelled by its heading; 'Patient not found.' leads to the TB Patient List.
 */
export function PatientPage({
  labelledBy,
  children,
}: {
  labelledBy: string;
  children: (patient: Patient, replace: (p: Patient) => void) => ReactNode;
}) {
  return (
    <Page load={patientsApi.show} listPath={routes.tb.path} listLabel="TB Patient List" labelledBy={labelledBy}>
      {children}
    </Page>
  );
}
