import { CONTRACT_VERSION, manifestOf, type RemoteModule } from '@vot/shared/contract';
import { routes } from './routes';

/** VOT: move to VOT, pure/hybrid, change volunteer, VOT patient lists and detail, visit lists, no-app grid, VOT calendar, patient medicines, F/U sputum, infection checklist (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'vot',
  contract: CONTRACT_VERSION,
  ...manifestOf(routes),
};
