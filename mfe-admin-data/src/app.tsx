import { createRemoteApp } from '@vot/shared/remote';
import { routes } from './routes';

export const { bootstrap, mount, unmount, update } = createRemoteApp('admin_data', Object.values(routes));
