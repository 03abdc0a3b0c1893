import { useMemo } from 'react';
import { CrudListPage } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { PatientPage } from '../PatientPage';
import { visitsApi } from './visits.api';
import { firstVisitQuery, visitListScreen } from './visits.screen';

function VisitList({ patient, withVolunteer }: { patient: Patient; withVolunteer: boolean }) {
  const screen = useMemo(() => visitListScreen(patient, withVolunteer), [patient, withVolunteer]);
  return <CrudListPage screen={screen} />;
}

/** /admin/dot-list/:id (SPEC.md §2 VOT visit list, patient with volunteer). */
export function WithVolunteerVisitList() {
  return (
    <PatientPage alongside={(id, search) => visitsApi.startWithVolunteer(id, firstVisitQuery(search))}>
      {(patient) => <VisitList patient={patient} withVolunteer />}
    </PatientPage>
  );
}

/** /admin/no-volunteer-dot-list/:id (SPEC.md §2 VOT status screen, patient without volunteer). */
export function NoVolunteerVisitList() {
  return (
    <PatientPage alongside={(id, search) => visitsApi.startWithoutVolunteer(id, firstVisitQuery(search))}>
      {(patient) => <VisitList patient={patient} withVolunteer={false} />}
    </PatientPage>
  );
}
