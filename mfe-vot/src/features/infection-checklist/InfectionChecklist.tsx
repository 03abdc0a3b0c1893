import { useMemo } from 'react';
import { CrudListPage } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { PatientPage } from '../PatientPage';
import { infectionChecklistScreen } from './checklist.screen';

function Checklists({ patient }: { patient: Patient }) {
  const screen = useMemo(() => infectionChecklistScreen(patient.id, patient.name), [patient.id, patient.name]);
  return <CrudListPage screen={screen} />;
}

/** /admin/infection-check-list/:id (id = patient): the patient's dated infection-control checklists. */
export default function InfectionChecklist() {
  return <PatientPage>{(patient) => <Checklists patient={patient} />}</PatientPage>;
}
