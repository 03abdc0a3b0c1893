import { resource } from '@vot/shared/api';
import type { DistrictInput } from '@vot/shared/schemas';

export interface District {
  id: number;
  name: string;
}

export const districtsApi = resource<District, DistrictInput>('districts');
