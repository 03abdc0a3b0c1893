import { CrudListPage } from '@vot/shared/lists';
import { communityScreen } from './community.screen';

export default function CommunityList() {
  return <CrudListPage screen={communityScreen} />;
}
