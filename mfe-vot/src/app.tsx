import { lazy } from 'react';
import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';
import { remoteModule } from './module';
import { FU_SPUTUM_LIST, PATIENT_MEDICINE_LIST } from './routes';

const PatientMedicineList = lazy(() => import('./features/medicines/PatientMedicineList'));
const FuSputumList = lazy(() => import('./features/sputum/FuSputumList'));

const built = [
  { path: PATIENT_MEDICINE_LIST, page: PatientMedicineList },
  { path: FU_SPUTUM_LIST, page: FuSputumList },
];

// The screens still to be built say so honestly, as every screen of this remote did before.
export const { bootstrap, mount, unmount, update } = createRemoteApp('vot', [
  ...built,
  ...notBuiltRoutes(
    'vot',
    remoteModule.routes.map((r) => r.path).filter((path) => !built.some((b) => b.path === path)),
    process.env.VOT_REMOTE_VERSION,
  ),
]);
