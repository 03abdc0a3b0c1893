import { createRemoteApp } from '@vot/shared/remote';
import { routes } from './routes';

export const { bootstrap, mount, unmount, update } = createRemoteApp(
  'patients',
  Object.values(routes),
  process.env.VOT_REMOTE_VERSION,
);
