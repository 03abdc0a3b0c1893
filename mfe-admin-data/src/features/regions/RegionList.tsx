import { CrudListPage } from '@vot/shared/ui';
import { regionScreen } from './region.screen';

export default function RegionList() {
  return <CrudListPage screen={regionScreen} />;
}
