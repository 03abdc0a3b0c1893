import { resource } from '@vot/shared/api';
import type { Medicine, MedicineInput } from '@vot/shared/schemas';

export const medicinesApi = resource<Medicine, MedicineInput>('medicines');
