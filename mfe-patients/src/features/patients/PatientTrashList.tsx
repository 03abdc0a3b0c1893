import { CrudListPage } from '@vot/shared/lists';
import { patientTrashScreen } from './trash.screen';

export default function PatientTrashList() {
  return <CrudListPage screen={patientTrashScreen} />;
}
