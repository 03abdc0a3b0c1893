import { lazy } from 'react';
import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';
import { remoteModule } from './module';
import {
  CHANGE_VOLUNTEER_CREATE,
  CHANGE_VOLUNTEER_LIST,
  FU_SPUTUM_LIST,
  HYBRID_LIST,
  MOVE_TO_VOT,
  PATIENT_MEDICINE_LIST,
  PURE_HYBRID_HISTORIES,
  PURE_VOT_CHOOSER,
  PURE_WITHOUT_VOLUNTEER_LIST,
  PURE_WITH_VOLUNTEER_LIST,
  VOT_DETAILS_CONDITION,
  WITHOUT_VOLUNTEER_DETAIL,
  WITH_VOLUNTEER_DETAIL,
} from './routes';

const PatientMedicineList = lazy(() => import('./features/medicines/PatientMedicineList'));
const FuSputumList = lazy(() => import('./features/sputum/FuSputumList'));
const VotStatusList = lazy(() => import('./features/vot-status/VotStatusList'));
const PureVotChooser = lazy(() => import('./features/vot-status/PureVotChooser'));
const VotPatientWithVolunteer = lazy(() => import('./features/vot-patient/VotPatientView').then((m) => ({ default: m.VotPatientWithVolunteer })));
const VotPatientWithoutVolunteer = lazy(() => import('./features/vot-patient/VotPatientView').then((m) => ({ default: m.VotPatientWithoutVolunteer })));
const MoveToVot = lazy(() => import('./features/move-to-vot/MoveToVot'));
const ChangeVolunteerCreate = lazy(() => import('./features/change-volunteer/ChangeVolunteer').then((m) => ({ default: m.ChangeVolunteerCreate })));
const VotDetailsCondition = lazy(() => import('./features/change-volunteer/ChangeVolunteer').then((m) => ({ default: m.VotDetailsCondition })));
const ChangeVolunteerList = lazy(() => import('./features/history/HistoryLists').then((m) => ({ default: m.ChangeVolunteerList })));
const PureHybridHistories = lazy(() => import('./features/history/HistoryLists').then((m) => ({ default: m.PureHybridHistories })));

const built = [
  { path: PURE_VOT_CHOOSER, page: PureVotChooser },
  { path: PURE_WITH_VOLUNTEER_LIST, page: () => <VotStatusList kind="pureWithVolunteer" /> },
  { path: PURE_WITHOUT_VOLUNTEER_LIST, page: () => <VotStatusList kind="pureWithoutVolunteer" /> },
  { path: HYBRID_LIST, page: () => <VotStatusList kind="hybrid" /> },
  { path: WITH_VOLUNTEER_DETAIL, page: VotPatientWithVolunteer },
  { path: WITHOUT_VOLUNTEER_DETAIL, page: VotPatientWithoutVolunteer },
  { path: MOVE_TO_VOT, page: MoveToVot },
  { path: VOT_DETAILS_CONDITION, page: VotDetailsCondition },
  { path: CHANGE_VOLUNTEER_CREATE, page: ChangeVolunteerCreate },
  { path: CHANGE_VOLUNTEER_LIST, page: ChangeVolunteerList },
  { path: PURE_HYBRID_HISTORIES, page: PureHybridHistories },
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
