import { lazy } from 'react';
import { generatePath } from 'react-router-dom';
import { CROSS_APP_PATHS, type RouteDecl } from '@vot/shared/contract';

const VotStatusList = () => import('./features/vot-status/VotStatusList');
const VotPatientView = () => import('./features/vot-patient/VotPatientView');
const ChangeVolunteer = () => import('./features/change-volunteer/ChangeVolunteer');
const HistoryLists = () => import('./features/history/HistoryLists');
const VisitLists = () => import('./features/visits/VisitLists');

/**
 * The remote's route table: module.ts (module.json), app.tsx (the pages) and the screens' links
 * read it, so a path is written once.
 */
export const routes = {
  pureVotPatientList: {
    path: '/admin/pure-vot-patient-list',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => import('./features/vot-status/PureVotChooser')),
    menu: { group: 'VOT Status', label: 'Pure VOT Patient List', icon: 'pi pi-user', countKey: 'pure' },
  },
  pureVotWithVolunteerPatients: {
    path: '/admin/pure-vot-with-volunteer-patients',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VotStatusList().then((m) => ({ default: () => <m.default kind="pureWithVolunteer" /> }))),
    menu: { group: 'VOT Status', label: 'Pure VOT With Volunteer', icon: 'pi pi-users', countKey: 'pureWithVolunteer' },
  },
  pureVotWithoutVolunteerPatients: {
    path: '/admin/pure-vot-without-volunteer-patients',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VotStatusList().then((m) => ({ default: () => <m.default kind="pureWithoutVolunteer" /> }))),
    menu: {
      group: 'VOT Status',
      label: 'Pure VOT Without Volunteer',
      icon: 'pi pi-user-minus',
      countKey: 'pureWithoutVolunteer',
    },
  },
  hybridVotPatientList: {
    path: '/admin/hybrid-vot-patient-list',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VotStatusList().then((m) => ({ default: () => <m.default kind="hybrid" /> }))),
    menu: { group: 'VOT Status', label: 'Hybrid VOT Patient List', icon: 'pi pi-users', countKey: 'hybrid' },
  },
  missedDosesPatientList: {
    path: '/admin/missed-doses-patient-list',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => import('./features/ledger/MissedDoseList')),
    menu: { group: 'VOT Status', label: 'Missed Doses', icon: 'pi pi-exclamation-triangle', countKey: 'missedDoses' },
  },
  followUps: {
    path: CROSS_APP_PATHS.followUps,
    permission: { resource: 'follow-ups', action: 'read' },
    page: lazy(() => import('./features/follow-ups/FollowUpList')),
    menu: { group: 'VOT Status', label: 'Follow-ups', icon: 'pi pi-phone' },
  },
  videoReviews: {
    path: CROSS_APP_PATHS.videoReviews,
    permission: { resource: 'video-reviews', action: 'read' },
    page: lazy(() => import('./features/video-reviews/VideoReviewList')),
    menu: { group: 'VOT Status', label: 'Video Reviews', icon: 'pi pi-video' },
  },
  dotPatientWithVolunteerDetail: {
    path: '/admin/dot-patient-with-volunteer-detail/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VotPatientView().then((m) => ({ default: m.VotPatientWithVolunteer }))),
  },
  dotPatientWithNoVolunteerDetail: {
    path: '/admin/dot-patient-with-no-volunteer-detail/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VotPatientView().then((m) => ({ default: m.VotPatientWithoutVolunteer }))),
  },
  moveToDot: {
    path: CROSS_APP_PATHS.moveToVot,
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => import('./features/move-to-vot/MoveToVot')),
  },
  votDetailsCondition: {
    path: '/admin/vot-details-condition/:id',
    permission: { resource: 'change-volunteers', action: 'read' },
    page: lazy(() => ChangeVolunteer().then((m) => ({ default: m.VotDetailsCondition }))),
  },
  changeVolunteerCreate: {
    path: '/admin/change-volunteer-create/:id',
    permission: { resource: 'change-volunteers', action: 'create' },
    page: lazy(() => ChangeVolunteer().then((m) => ({ default: m.ChangeVolunteerCreate }))),
  },
  changeVolunteerList: {
    path: '/admin/change-volunteer-list/:id',
    permission: { resource: 'change-volunteers', action: 'read' },
    page: lazy(() => HistoryLists().then((m) => ({ default: m.ChangeVolunteerList }))),
  },
  pureHybridHistories: {
    path: '/admin/pure-hybrid-histories/:id',
    permission: { resource: 'change-volunteers', action: 'read' },
    page: lazy(() => HistoryLists().then((m) => ({ default: m.PureHybridHistories }))),
  },
  dotList: {
    path: '/admin/dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VisitLists().then((m) => ({ default: m.WithVolunteerVisitList }))),
  },
  noVolunteerDotList: {
    path: '/admin/no-volunteer-dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => VisitLists().then((m) => ({ default: m.NoVolunteerVisitList }))),
  },
  noAppDotList: {
    path: '/admin/no-app-dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => import('./features/no-app/NoAppDays')),
  },
  votCalendar: {
    path: '/admin/VOT-calendar/:id',
    permission: { resource: 'vot-status', action: 'read' },
    page: lazy(() => import('./features/calendar/VotCalendar')),
  },
  patientMedicineList: {
    path: '/admin/patient-medicine-list/:id',
    permission: { resource: 'patient-medicines', action: 'read' },
    page: lazy(() => import('./features/medicines/PatientMedicineList')),
  },
  fuSputumExaminitionList: {
    path: '/admin/FU-sputum-examinition-list/:id',
    permission: { resource: 'fu-sputum', action: 'read' },
    page: lazy(() => import('./features/sputum/FuSputumList')),
  },
  infectionCheckList: {
    path: '/admin/infection-check-list/:id',
    permission: { resource: 'infection-checklists', action: 'read' },
    page: lazy(() => import('./features/infection-checklist/InfectionChecklist')),
  },
} satisfies Record<string, RouteDecl>;

/** A patient's screen of this remote: `pathOf('patientMedicineList', 7)`. */
export const pathOf = (route: keyof typeof routes, patientId: number) =>
  generatePath(routes[route].path, { id: String(patientId) });

// The names the screens and their tests use for the table's paths.
export const PURE_VOT_CHOOSER = routes.pureVotPatientList.path;
export const PURE_WITH_VOLUNTEER_LIST = routes.pureVotWithVolunteerPatients.path;
export const PURE_WITHOUT_VOLUNTEER_LIST = routes.pureVotWithoutVolunteerPatients.path;
export const HYBRID_LIST = routes.hybridVotPatientList.path;
export const MISSED_DOSES_LIST = routes.missedDosesPatientList.path;
export const WITH_VOLUNTEER_DETAIL = routes.dotPatientWithVolunteerDetail.path;
export const WITHOUT_VOLUNTEER_DETAIL = routes.dotPatientWithNoVolunteerDetail.path;
export const MOVE_TO_VOT = routes.moveToDot.path;
export const VOT_DETAILS_CONDITION = routes.votDetailsCondition.path;
export const CHANGE_VOLUNTEER_CREATE = routes.changeVolunteerCreate.path;
export const PURE_HYBRID_HISTORIES = routes.pureHybridHistories.path;
export const CHANGE_VOLUNTEER_LIST = routes.changeVolunteerList.path;
export const PATIENT_MEDICINE_LIST = routes.patientMedicineList.path;
export const FU_SPUTUM_LIST = routes.fuSputumExaminitionList.path;
export const INFECTION_CHECK_LIST = routes.infectionCheckList.path;

export const withVolunteerDetailPath = (id: number) => pathOf('dotPatientWithVolunteerDetail', id);
export const withoutVolunteerDetailPath = (id: number) => pathOf('dotPatientWithNoVolunteerDetail', id);
export const votDetailsConditionPath = (id: number) => pathOf('votDetailsCondition', id);
export const pureHybridHistoriesPath = (id: number) => pathOf('pureHybridHistories', id);
export const changeVolunteerListPath = (id: number) => pathOf('changeVolunteerList', id);
export const changeVolunteerCreatePath = (id: number) => pathOf('changeVolunteerCreate', id);
export const patientMedicineListPath = (id: number) => pathOf('patientMedicineList', id);
export const fuSputumListPath = (id: number) => pathOf('fuSputumExaminitionList', id);
export const votCalendarPath = (id: number) => pathOf('votCalendar', id);
/** The VOT Status button's screen (SPEC.md §2): a patient without a volunteer has the status list; with one, the visit list, or the no-app grid for a No App patient. */
export const votStatusPath = (patient: { id: number; volunteer: unknown; type: string | null }) =>
  pathOf(
    patient.volunteer === null ? 'noVolunteerDotList' : patient.type === 'No App' ? 'noAppDotList' : 'dotList',
    patient.id,
  );
export const infectionCheckListPath = (id: number) => pathOf('infectionCheckList', id);
