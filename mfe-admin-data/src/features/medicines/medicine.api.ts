import { resource } from '@vot/shared/api';
import type { MedicineInput } from '@vot/shared/schemas';

export interface Medicine {
  id: number;
  name: string;
  abbreviation: string | null;
}

export const medicinesApi = resource<Medicine, MedicineInput>('medicines');
