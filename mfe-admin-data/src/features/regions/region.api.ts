import { resource } from '@vot/shared/api';
import type { Region, RegionInput } from '@vot/shared/schemas';

export const regionsApi = resource<Region, RegionInput>('regions');
