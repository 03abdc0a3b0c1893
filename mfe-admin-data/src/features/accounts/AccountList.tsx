import { CrudListPage } from '@vot/shared/lists';
import { accountScreen } from './account.screen';

export default function AccountList() {
  return <CrudListPage screen={accountScreen} />;
}
