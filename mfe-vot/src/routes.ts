import type { RouteDecl } from '@vot/shared/contract';

/**
 * The remote's route table: module.ts (module.json) and app.tsx read it, so a path is written once.
 * No route has a page yet: each shows the honest "not built yet" page until its screen is built.
 */
export const routes = {
  pureVotPatientList: {
    path: '/admin/pure-vot-patient-list',
    permission: { resource: 'vot-status', action: 'read' },
    menu: { group: 'VOT Status', label: 'Pure VOT Patient List', icon: 'pi pi-user' },
  },
  hybridVotPatientList: {
    path: '/admin/hybrid-vot-patient-list',
    permission: { resource: 'vot-status', action: 'read' },
    menu: { group: 'VOT Status', label: 'Hybrid VOT Patient List', icon: 'pi pi-users' },
  },
  pureVotWithVolunteerPatients: {
    path: '/admin/pure-vot-with-volunteer-patients',
    permission: { resource: 'vot-status', action: 'read' },
  },
  pureVotWithoutVolunteerPatients: {
    path: '/admin/pure-vot-without-volunteer-patients',
    permission: { resource: 'vot-status', action: 'read' },
  },
  dotPatientWithVolunteerDetail: {
    path: '/admin/dot-patient-with-volunteer-detail/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  dotPatientWithNoVolunteerDetail: {
    path: '/admin/dot-patient-with-no-volunteer-detail/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  moveToDot: {
    path: '/admin/move-to-DOT/:id',
    permission: { resource: 'vot-eligible', action: 'read' },
  },
  votDetailsCondition: {
    path: '/admin/vot-details-condition/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  changeVolunteerCreate: {
    path: '/admin/change-volunteer-create/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  changeVolunteerList: {
    path: '/admin/change-volunteer-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  pureHybridHistories: {
    path: '/admin/pure-hybrid-histories/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  dotList: {
    path: '/admin/dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  noVolunteerDotList: {
    path: '/admin/no-volunteer-dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  noAppDotList: {
    path: '/admin/no-app-dot-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  votCalendar: {
    path: '/admin/VOT-calendar/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  patientMedicineList: {
    path: '/admin/patient-medicine-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  fuSputumExaminitionList: {
    path: '/admin/FU-sputum-examinition-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
  infectionCheckList: {
    path: '/admin/infection-check-list/:id',
    permission: { resource: 'vot-status', action: 'read' },
  },
} satisfies Record<string, RouteDecl>;
