import { resourceCalls } from '@vot/shared/api';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { Region, RegionInput } from '@vot/shared/schemas';

export const regionsApi = resourceCalls<Region, RegionInput>(BASIC_DATA_OPERATIONS.regions);
