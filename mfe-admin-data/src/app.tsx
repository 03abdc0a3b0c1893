import { lazy } from 'react';
import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';

const RegionList = lazy(() => import('./features/regions/RegionList'));

export const { bootstrap, mount, unmount, update } = createRemoteApp('admin_data', [
  { path: '/admin/region-list', page: RegionList },
  ...notBuiltRoutes('admin_data', ['/admin/account-list', '/admin/district-list', '/admin/township-list', '/admin/project', '/admin/medicine-list'], process.env.VOT_REMOTE_VERSION),
]);

