import { CONTRACT_VERSION, manifestOf, type RemoteModule } from '@vot/shared/contract';
import { routes } from './routes';

/** Reports: five dashboards, the monthly volunteer report and the VOT report (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'reports',
  contract: CONTRACT_VERSION,
  ...manifestOf(routes),
};
