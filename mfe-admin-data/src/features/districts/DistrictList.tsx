import { CrudListPage } from '@vot/shared/lists';
import { districtScreen } from './district.screen';

export default function DistrictList() {
  return <CrudListPage screen={districtScreen} />;
}
