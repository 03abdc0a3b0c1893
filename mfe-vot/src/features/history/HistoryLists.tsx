import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import { changeVolunteerScreen, pureHybridHistoryScreen } from './history.screen';

/** /admin/change-volunteer-list/:id?patient={name} (id = patient). */
export function ChangeVolunteerList() {
  const patientId = Number(useParams().id);
  const name = useSearchParams()[0].get('patient') ?? undefined;
  const screen = useMemo(() => changeVolunteerScreen(patientId, name), [patientId, name]);
  return <CrudListPage screen={screen} />;
}

/** /admin/pure-hybrid-histories/:id?patient={name}: both history tables of SPEC.md §2. */
export function PureHybridHistories() {
  const patientId = Number(useParams().id);
  const name = useSearchParams()[0].get('patient') ?? undefined;
  const changes = useMemo(() => changeVolunteerScreen(patientId, name), [patientId, name]);
  const kinds = useMemo(() => pureHybridHistoryScreen(patientId, name), [patientId, name]);
  return (
    <>
      <CrudListPage screen={kinds} />
      <CrudListPage screen={changes} />
    </>
  );
}
