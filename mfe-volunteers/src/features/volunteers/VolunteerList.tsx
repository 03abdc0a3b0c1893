import { CrudListPage } from '@vot/shared/lists';
import { volunteerScreen } from './volunteer.screen';

export default function VolunteerList() {
  return <CrudListPage screen={volunteerScreen} />;
}
