import { createRemoteApp } from '@vot/shared/remote';
import { routes } from './routes';

export const { bootstrap, mount, unmount, update } = createRemoteApp('volunteers', Object.values(routes));
