import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import { patientMedicineScreen } from './medicine.screen';

/** /admin/patient-medicine-list/:id (id = patient). */
export default function PatientMedicineList() {
  const patientId = Number(useParams().id);
  const screen = useMemo(() => patientMedicineScreen(patientId), [patientId]);
  return <CrudListPage screen={screen} />;
}
