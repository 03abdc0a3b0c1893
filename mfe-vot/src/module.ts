import { CONTRACT_VERSION, type RemoteModule } from '@vot/shared/contract';
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

/** VOT: move to VOT, pure/hybrid, change volunteer, VOT patient lists and detail, visit lists, no-app grid, VOT calendar, patient medicines, F/U sputum, infection checklist (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'vot',
  contract: CONTRACT_VERSION,
  routes: [
    { path: PURE_VOT_CHOOSER, permission: { resource: 'vot-status', action: 'read' } },
    { path: HYBRID_LIST, permission: { resource: 'vot-status', action: 'read' } },
    { path: PURE_WITH_VOLUNTEER_LIST, permission: { resource: 'vot-status', action: 'read' } },
    { path: PURE_WITHOUT_VOLUNTEER_LIST, permission: { resource: 'vot-status', action: 'read' } },
    { path: WITH_VOLUNTEER_DETAIL, permission: { resource: 'vot-status', action: 'read' } },
    { path: WITHOUT_VOLUNTEER_DETAIL, permission: { resource: 'vot-status', action: 'read' } },
    { path: MOVE_TO_VOT, permission: { resource: 'vot-status', action: 'read' } },
    { path: VOT_DETAILS_CONDITION, permission: { resource: 'change-volunteers', action: 'read' } },
    { path: CHANGE_VOLUNTEER_CREATE, permission: { resource: 'change-volunteers', action: 'create' } },
    { path: CHANGE_VOLUNTEER_LIST, permission: { resource: 'change-volunteers', action: 'read' } },
    { path: PURE_HYBRID_HISTORIES, permission: { resource: 'change-volunteers', action: 'read' } },
    { path: '/admin/dot-list/:id', permission: { resource: 'vot-status', action: 'read' } },
    { path: '/admin/no-volunteer-dot-list/:id', permission: { resource: 'vot-status', action: 'read' } },
    { path: '/admin/no-app-dot-list/:id', permission: { resource: 'vot-status', action: 'read' } },
    { path: '/admin/VOT-calendar/:id', permission: { resource: 'vot-status', action: 'read' } },
    { path: PATIENT_MEDICINE_LIST, permission: { resource: 'patient-medicines', action: 'read' } },
    { path: FU_SPUTUM_LIST, permission: { resource: 'fu-sputum', action: 'read' } },
    { path: '/admin/infection-check-list/:id', permission: { resource: 'vot-status', action: 'read' } },
  ],
  menu: [
    { group: 'VOT Status', label: 'Pure VOT Patient List', path: PURE_VOT_CHOOSER, icon: 'pi pi-user', permission: { resource: 'vot-status', action: 'read' }, countKey: 'pure' },
    { group: 'VOT Status', label: 'Pure VOT With Volunteer', path: PURE_WITH_VOLUNTEER_LIST, icon: 'pi pi-users', permission: { resource: 'vot-status', action: 'read' }, countKey: 'pureWithVolunteer' },
    { group: 'VOT Status', label: 'Pure VOT Without Volunteer', path: PURE_WITHOUT_VOLUNTEER_LIST, icon: 'pi pi-user-minus', permission: { resource: 'vot-status', action: 'read' }, countKey: 'pureWithoutVolunteer' },
    { group: 'VOT Status', label: 'Hybrid VOT Patient List', path: HYBRID_LIST, icon: 'pi pi-users', permission: { resource: 'vot-status', action: 'read' }, countKey: 'hybrid' },
  ],
};
