import { resource } from '@vot/shared/api';
import type { RegionInput } from '@vot/shared/schemas';

export interface Region {
  id: number;
  name: string;
}

export const regionsApi = resource<Region, RegionInput>('regions');
