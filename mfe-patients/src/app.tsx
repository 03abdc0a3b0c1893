import { lazy, type ComponentType } from 'react';
import { createRemoteApp } from '@vot/shared/remote';
import { NO_SPS_PATIENT_CREATE_PATH, PATIENT_CREATE_PATH, PATIENT_LISTS, PATIENT_TRASH_PATH, type PatientListCategory } from './features/patients/patient.lists';

const PatientList = lazy(() => import('./features/patients/PatientList'));
const PatientCreate = lazy(() => import('./features/patients/PatientCreate'));
const PatientDetail = lazy(() => import('./features/patients/PatientDetail'));
const PatientInvestigations = lazy(() => import('./features/patients/PatientInvestigations'));
const PatientTrashList = lazy(() => import('./features/patients/PatientTrashList'));

/** One list page per category, all drawn by the one declaration. */
const listPage = (category: PatientListCategory): ComponentType => {
  const Page = () => <PatientList category={category} />;
  Page.displayName = `PatientList(${category})`;
  return Page;
};

export const { bootstrap, mount, unmount, update } = createRemoteApp('patients', [
  ...(Object.keys(PATIENT_LISTS) as PatientListCategory[]).map((category) => ({ path: PATIENT_LISTS[category].path, page: listPage(category) })),
  { path: PATIENT_CREATE_PATH, page: PatientCreate },
  { path: NO_SPS_PATIENT_CREATE_PATH, page: () => <PatientCreate noSps /> },
  { path: '/admin/DSTB-patient-detail/:id', page: PatientDetail },
  { path: '/admin/no-dot-DSTB-patient-detail/:id', page: PatientDetail },
  { path: '/admin/DSTB-patient-investigation/:id', page: PatientInvestigations },
  { path: PATIENT_TRASH_PATH, page: PatientTrashList },
]);
