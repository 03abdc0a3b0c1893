import { CrudListPage } from '@vot/shared/lists';
import { regionScreen } from './region.screen';

export default function RegionList() {
  return <CrudListPage screen={regionScreen} />;
}
