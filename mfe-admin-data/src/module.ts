import { CONTRACT_VERSION, type RemoteModule } from '@vot/shared/contract';

/** Accounts and basic data (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'admin_data',
  contract: CONTRACT_VERSION,
  routes: [
    { path: '/admin/account-list', permission: { resource: 'accounts', action: 'read' } },
    { path: '/admin/region-list', permission: { resource: 'regions', action: 'read' } },
    { path: '/admin/district-list', permission: { resource: 'districts', action: 'read' } },
    { path: '/admin/township-list', permission: { resource: 'townships', action: 'read' } },
    { path: '/admin/project', permission: { resource: 'projects', action: 'read' } },
    { path: '/admin/medicine-list', permission: { resource: 'medicines', action: 'read' } },
  ],
  menu: [
    { group: 'Accounts', label: 'Account List', path: '/admin/account-list', icon: 'pi pi-users', permission: { resource: 'accounts', action: 'read' } },
    { group: 'Basic Data', label: 'Region List', path: '/admin/region-list', icon: 'pi pi-map', permission: { resource: 'regions', action: 'read' } },
    { group: 'Basic Data', label: 'District List', path: '/admin/district-list', icon: 'pi pi-map-marker', permission: { resource: 'districts', action: 'read' } },
    { group: 'Basic Data', label: 'Township List', path: '/admin/township-list', icon: 'pi pi-building', permission: { resource: 'townships', action: 'read' } },
    { group: 'Basic Data', label: 'Project', path: '/admin/project', icon: 'pi pi-briefcase', permission: { resource: 'projects', action: 'read' } },
    { group: 'Basic Data', label: 'Medicine List', path: '/admin/medicine-list', icon: 'pi pi-box', permission: { resource: 'medicines', action: 'read' } },
  ],
};
