import { resource } from '@vot/shared/api';
import type { District, DistrictInput } from '@vot/shared/schemas';

export const districtsApi = resource<District, DistrictInput>('districts');
