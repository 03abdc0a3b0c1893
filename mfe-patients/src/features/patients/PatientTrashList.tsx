import { PatientListPage } from '@vot/shared/lists';
import { patientTrashScreen } from './trash.screen';

export default function PatientTrashList() {
  return <PatientListPage screen={patientTrashScreen} />;
}
