import { useMemo } from 'react';
import { CrudListPage } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { PatientPage } from '../PatientPage';
import { changeVolunteersApi, pureHybridHistoriesApi } from './history.api';
import { changeVolunteerScreen, pureHybridHistoryScreen } from './history.screen';

function Changes({ patient }: { patient: Patient }) {
  const screen = useMemo(() => changeVolunteerScreen(patient), [patient]);
  return <CrudListPage screen={screen} />;
}

function Kinds({ patient }: { patient: Patient }) {
  const screen = useMemo(() => pureHybridHistoryScreen(patient.id, patient.name), [patient.id, patient.name]);
  return <CrudListPage screen={screen} />;
}

/**
 * /admin/change-volunteer-list/:id (id = patient): the pure or hybrid history table of SPEC.md §2,
 * titled with the patient's name from the record (a `?patient=` in the URL is not read).
 */
export function ChangeVolunteerList() {
  return (
    <PatientPage alongside={changeVolunteersApi.startListOf}>{(patient) => <Changes patient={patient} />}</PatientPage>
  );
}

/** /admin/pure-hybrid-histories/:id: the variant screen (ID, Change Date, Type), titled from the record. */
export function PureHybridHistories() {
  return (
    <PatientPage alongside={pureHybridHistoriesApi.startListOf}>{(patient) => <Kinds patient={patient} />}</PatientPage>
  );
}
