import { createRemoteApp, notBuiltRoutes } from '@vot/shared/remote';
import { remoteModule } from './module';

// Every screen of this module is still to be built; each route says so honestly.
export const { bootstrap, mount, unmount, update } = createRemoteApp(
  'patients',
  notBuiltRoutes('patients', remoteModule.routes.map((r) => r.path), process.env.VOT_REMOTE_VERSION),
);
