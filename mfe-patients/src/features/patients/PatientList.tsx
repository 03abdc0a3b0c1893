import { CrudListPage } from '@vot/shared/lists';
import { PATIENT_LIST_SCREENS, PATIENT_ROW_CSS } from './patient.screen';
import type { PatientListCategory } from './patient.lists';

/** Any of the eight patient lists; the category says which (routes in app.tsx). */
export default function PatientList({ category }: { category: PatientListCategory }) {
  return (
    <div className="vot-patient-list">
      <style>{PATIENT_ROW_CSS}</style>
      <CrudListPage key={category} screen={PATIENT_LIST_SCREENS[category]} />
    </div>
  );
}
