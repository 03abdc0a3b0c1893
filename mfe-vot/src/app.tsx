import { lazy } from 'react';
import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';
import { remoteModule } from './module';
import { FU_SPUTUM_LIST, HYBRID_LIST, PATIENT_MEDICINE_LIST, PURE_VOT_CHOOSER, PURE_WITHOUT_VOLUNTEER_LIST, PURE_WITH_VOLUNTEER_LIST } from './routes';

const PatientMedicineList = lazy(() => import('./features/medicines/PatientMedicineList'));
const FuSputumList = lazy(() => import('./features/sputum/FuSputumList'));
const VotStatusList = lazy(() => import('./features/vot-status/VotStatusList'));
const PureVotChooser = lazy(() => import('./features/vot-status/PureVotChooser'));

const built = [
  { path: PURE_VOT_CHOOSER, page: PureVotChooser },
  { path: PURE_WITH_VOLUNTEER_LIST, page: () => <VotStatusList kind="pureWithVolunteer" /> },
  { path: PURE_WITHOUT_VOLUNTEER_LIST, page: () => <VotStatusList kind="pureWithoutVolunteer" /> },
  { path: HYBRID_LIST, page: () => <VotStatusList kind="hybrid" /> },
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
