import { resource } from '@vot/shared/api';
import type { TownshipInput } from '@vot/shared/schemas';

interface Named {
  id: number;
  name: string;
}

export interface Township {
  id: number;
  name: string;
  abbreviation: string;
  region: Named;
  district: Named;
  project: Named;
}

export const townshipsApi = resource<Township, TownshipInput>('townships');
