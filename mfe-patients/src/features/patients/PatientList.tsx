import { PatientListPage } from '@vot/shared/lists';
import { PATIENT_LIST_SCREENS } from './patient.screen';
import type { PatientListCategory } from './patient.lists';

/** Any of the eight patient lists; the category says which (routes in src/routes.ts). */
export default function PatientList({ category }: { category: PatientListCategory }) {
  return <PatientListPage key={category} screen={PATIENT_LIST_SCREENS[category]} />;
}
