import { PatientListPage } from '@vot/shared/lists';
import { missedDosesScreen } from './missed-doses.screen';

/** /admin/missed-doses-patient-list: patients who missed 2 days or more in a row. */
export default function MissedDoseList() {
  return <PatientListPage screen={missedDosesScreen} />;
}
