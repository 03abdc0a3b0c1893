import { CONTRACT_VERSION, type RemoteModule } from '@vot/shared/contract';

/** Volunteers: volunteers, trainings, handouts, community activities and volunteer trash (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'volunteers',
  contract: CONTRACT_VERSION,
  routes: [
    { path: '/admin/volunteer-list', permission: { resource: 'volunteers', action: 'read' } },
    { path: '/admin/volunteer-detail/:id', permission: { resource: 'volunteers', action: 'read' } },
    { path: '/admin/volunteer-training-list/:id', permission: { resource: 'trainings', action: 'read' } },
    { path: '/admin/community-list', permission: { resource: 'activities', action: 'read' } },
    { path: '/admin/community-create', permission: { resource: 'activities', action: 'create' } },
    { path: '/admin/community-detail/:id', permission: { resource: 'activities', action: 'read' } },
    { path: '/admin/volunteer-handout', permission: { resource: 'handouts', action: 'read' } },
    { path: '/admin/patient-handout', permission: { resource: 'handouts', action: 'read' } },
    { path: '/admin/volunteer-trash-list', permission: { resource: 'trash', action: 'read' } },
  ],
  menu: [
    { group: 'Basic Data', label: 'Volunteer List', path: '/admin/volunteer-list', icon: 'pi pi-id-card', permission: { resource: 'volunteers', action: 'read' } },
    { group: 'Activities', label: 'Community', path: '/admin/community-list', icon: 'pi pi-megaphone', permission: { resource: 'activities', action: 'read' } },
    { group: 'Handouts', label: 'Volunteer Handout', path: '/admin/volunteer-handout', icon: 'pi pi-file-pdf', permission: { resource: 'handouts', action: 'read' } },
    { group: 'Handouts', label: 'Patient Handout', path: '/admin/patient-handout', icon: 'pi pi-file-pdf', permission: { resource: 'handouts', action: 'read' } },
    { group: 'Trash', label: 'Volunteer Trash', path: '/admin/volunteer-trash-list', icon: 'pi pi-trash', permission: { resource: 'trash', action: 'read' } },
  ],
};
