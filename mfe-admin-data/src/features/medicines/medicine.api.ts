import { resourceCalls } from '@vot/shared/api';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { Medicine, MedicineInput } from '@vot/shared/schemas';

export const medicinesApi = resourceCalls<Medicine, MedicineInput>(BASIC_DATA_OPERATIONS.medicines);
