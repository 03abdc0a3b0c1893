import { lazy } from 'react';
import type { RouteDecl } from '@vot/shared/contract';

/** The remote's route table: module.ts (module.json) and app.tsx (the pages) read it, so a path is written once. */
export const routes = {
  accountList: {
    path: '/admin/account-list',
    permission: { resource: 'accounts', action: 'read' },
    page: lazy(() => import('./features/accounts/AccountList')),
    menu: { group: 'Accounts', label: 'Account List', icon: 'pi pi-users' },
  },
  regionList: {
    path: '/admin/region-list',
    permission: { resource: 'regions', action: 'read' },
    page: lazy(() => import('./features/regions/RegionList')),
    menu: { group: 'Basic Data', label: 'Region List', icon: 'pi pi-map' },
  },
  districtList: {
    path: '/admin/district-list',
    permission: { resource: 'districts', action: 'read' },
    page: lazy(() => import('./features/districts/DistrictList')),
    menu: { group: 'Basic Data', label: 'District List', icon: 'pi pi-map-marker' },
  },
  townshipList: {
    path: '/admin/township-list',
    permission: { resource: 'townships', action: 'read' },
    page: lazy(() => import('./features/townships/TownshipList')),
    menu: { group: 'Basic Data', label: 'Township List', icon: 'pi pi-building' },
  },
  projectList: {
    path: '/admin/project',
    permission: { resource: 'projects', action: 'read' },
    page: lazy(() => import('./features/projects/ProjectList')),
    menu: { group: 'Basic Data', label: 'Project', icon: 'pi pi-briefcase' },
  },
  medicineList: {
    path: '/admin/medicine-list',
    permission: { resource: 'medicines', action: 'read' },
    page: lazy(() => import('./features/medicines/MedicineList')),
    menu: { group: 'Basic Data', label: 'Medicine List', icon: 'pi pi-box' },
  },
} satisfies Record<string, RouteDecl>;
