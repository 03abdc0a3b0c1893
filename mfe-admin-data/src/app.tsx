import { lazy } from 'react';
import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';

const RegionList = lazy(() => import('./features/regions/RegionList'));
const DistrictList = lazy(() => import('./features/districts/DistrictList'));
const TownshipList = lazy(() => import('./features/townships/TownshipList'));
const ProjectList = lazy(() => import('./features/projects/ProjectList'));
const MedicineList = lazy(() => import('./features/medicines/MedicineList'));

export const { bootstrap, mount, unmount, update } = createRemoteApp('admin_data', [
  { path: '/admin/region-list', page: RegionList },
  { path: '/admin/district-list', page: DistrictList },
  { path: '/admin/township-list', page: TownshipList },
  { path: '/admin/project', page: ProjectList },
  { path: '/admin/medicine-list', page: MedicineList },
  ...notBuiltRoutes('admin_data', ['/admin/account-list'], process.env.VOT_REMOTE_VERSION),
]);
