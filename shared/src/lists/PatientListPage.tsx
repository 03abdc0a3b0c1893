import { CrudListPage } from './CrudListPage';
import type { ListScreen } from './listScreen';
import { PATIENT_LIST_CLASS } from './patientList';

/**
 * A patient list's page: the kit's list page under the patient lists' styles (patientList.css:
 * the row highlight, codes on one line, the narrower gutters their eleven to thirteen columns need).
 * Every patient list is one: the categories, the trash, the VOT Status lists and Missed Doses.
 */
export function PatientListPage<T extends { id: number }, Input extends Record<string, unknown>, X = never>({
  screen,
}: {
  screen: ListScreen<T, Input, X>;
}) {
  return (
    <div className={PATIENT_LIST_CLASS}>
      <CrudListPage screen={screen} />
    </div>
  );
}
