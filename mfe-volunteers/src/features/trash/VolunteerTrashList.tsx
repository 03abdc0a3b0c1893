import { CrudListPage } from '@vot/shared/lists';
import { volunteerTrashScreen } from './trash.screen';

export default function VolunteerTrashList() {
  return <CrudListPage screen={volunteerTrashScreen} />;
}
