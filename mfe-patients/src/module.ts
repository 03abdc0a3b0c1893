import { CONTRACT_VERSION, manifestOf, type RemoteModule } from '@vot/shared/contract';
import { routes } from './routes';

/** Patients: registration, patient lists, detail, investigations, TB conclusion, VOT eligibility and acceptance, patient trash, clinic list (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'patients',
  contract: CONTRACT_VERSION,
  ...manifestOf(routes),
};
