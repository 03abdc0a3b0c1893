import { CrudListPage } from '@vot/shared/lists';
import { townshipScreen } from './township.screen';

export default function TownshipList() {
  return <CrudListPage screen={townshipScreen} />;
}
