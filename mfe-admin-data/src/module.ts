import { CONTRACT_VERSION, manifestOf, type RemoteModule } from '@vot/shared/contract';
import { routes } from './routes';

/** Accounts and basic data (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'admin_data',
  contract: CONTRACT_VERSION,
  ...manifestOf(routes),
};
