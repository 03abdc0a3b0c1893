import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';
import { remoteModule } from './module';

// Every screen of this module is still to be built; each route says so honestly.
export const { bootstrap, mount, unmount, update } = createRemoteApp(
  'reports',
  notBuiltRoutes('reports', remoteModule.routes.map((r) => r.path), process.env.VOT_REMOTE_VERSION),
);
