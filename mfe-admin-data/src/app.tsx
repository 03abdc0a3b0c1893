import { lazy } from 'react';
import { createRemoteApp } from '@vot/shared/remote';

const AccountList = lazy(() => import('./features/accounts/AccountList'));
const RegionList = lazy(() => import('./features/regions/RegionList'));
const DistrictList = lazy(() => import('./features/districts/DistrictList'));
const TownshipList = lazy(() => import('./features/townships/TownshipList'));
const ProjectList = lazy(() => import('./features/projects/ProjectList'));
const MedicineList = lazy(() => import('./features/medicines/MedicineList'));

export const { bootstrap, mount, unmount, update } = createRemoteApp('admin_data', [
  { path: '/admin/account-list', page: AccountList },
  { path: '/admin/region-list', page: RegionList },
  { path: '/admin/district-list', page: DistrictList },
  { path: '/admin/township-list', page: TownshipList },
  { path: '/admin/project', page: ProjectList },
  { path: '/admin/medicine-list', page: MedicineList },
]);
