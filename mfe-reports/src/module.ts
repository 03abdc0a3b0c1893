import { CONTRACT_VERSION, type RemoteModule } from '@vot/shared/contract';

/** Reports: five dashboards, the monthly volunteer report and the VOT report (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'reports',
  contract: CONTRACT_VERSION,
  routes: [
    { path: '/admin/VOT-Report', permission: { resource: 'reports', action: 'read' } },
    { path: '/admin/volunteer-virtualization', permission: { resource: 'dashboards', action: 'read' } },
    { path: '/admin/patient-virtualization', permission: { resource: 'dashboards', action: 'read' } },
    { path: '/admin/dot-status-virtualization', permission: { resource: 'dashboards', action: 'read' } },
    { path: '/admin/activity-virtualization', permission: { resource: 'dashboards', action: 'read' } },
    { path: '/admin/monthly-volunteer-report-visualization', permission: { resource: 'dashboards', action: 'read' } },
  ],
  menu: [
    { group: 'Report', label: 'VOT Report', path: '/admin/VOT-Report', icon: 'pi pi-table', permission: { resource: 'reports', action: 'read' } },
    { group: 'Report', label: 'Volunteer Dashboard', path: '/admin/volunteer-virtualization', icon: 'pi pi-chart-pie', permission: { resource: 'dashboards', action: 'read' } },
    { group: 'Report', label: 'Patient Dashboard', path: '/admin/patient-virtualization', icon: 'pi pi-chart-pie', permission: { resource: 'dashboards', action: 'read' } },
    { group: 'Report', label: 'VOT Status Dashboard', path: '/admin/dot-status-virtualization', icon: 'pi pi-chart-bar', permission: { resource: 'dashboards', action: 'read' } },
    { group: 'Report', label: 'Activity Dashboard', path: '/admin/activity-virtualization', icon: 'pi pi-chart-line', permission: { resource: 'dashboards', action: 'read' } },
    { group: 'Report', label: 'Monthly Volunteer Report', path: '/admin/monthly-volunteer-report-visualization', icon: 'pi pi-calendar', permission: { resource: 'dashboards', action: 'read' } },
  ],
};
