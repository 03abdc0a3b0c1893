import { useMemo } from 'react';
import { CrudListPage } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { PatientPage } from '../PatientPage';
import { fuSputumApi } from './sputum.api';
import { fuSputumScreen } from './sputum.screen';

function Examinations({ patient }: { patient: Patient }) {
  const screen = useMemo(() => fuSputumScreen(patient.id, patient.name), [patient.id, patient.name]);
  return <CrudListPage screen={screen} />;
}

/** /admin/FU-sputum-examinition-list/:id (id = patient): the patient's follow-up sputum, named from their record. */
export default function FuSputumList() {
  return (
    <PatientPage alongside={fuSputumApi.startListOf}>{(patient) => <Examinations patient={patient} />}</PatientPage>
  );
}
