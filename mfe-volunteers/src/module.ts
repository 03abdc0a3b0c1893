import { CONTRACT_VERSION, manifestOf, type RemoteModule } from '@vot/shared/contract';
import { routes } from './routes';

/** Volunteers: volunteers, trainings, handouts, community activities and volunteer trash (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'volunteers',
  contract: CONTRACT_VERSION,
  ...manifestOf(routes),
};
