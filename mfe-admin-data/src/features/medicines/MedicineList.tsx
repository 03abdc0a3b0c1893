import { CrudListPage } from '@vot/shared/lists';
import { medicineScreen } from './medicine.screen';

export default function MedicineList() {
  return <CrudListPage screen={medicineScreen} />;
}
