import { resourceCalls } from '@vot/shared/api';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { District, DistrictInput } from '@vot/shared/schemas';

export const districtsApi = resourceCalls<District, DistrictInput>(BASIC_DATA_OPERATIONS.districts);
