import { type Medicine, type MedicineInput, medicineSchema } from '@vot/shared/schemas';
import type { CrudScreen } from '@vot/shared/lists';
import { medicinesApi } from './medicine.api';

/** SPEC.md §2: name and abbreviation; New and the Action column only for roles that may create. */
export const medicineScreen: CrudScreen<Medicine, MedicineInput> = {
  title: 'Medicine List',
  entity: 'Medicine',
  permission: 'medicines',
  api: medicinesApi,
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Medicine Name' },
    { field: 'abbreviation', header: 'Abbreviation' },
  ],
  form: {
    createTitle: 'Create Medicine',
    updateTitle: 'Update Medicine',
    fields: [
      { name: 'name', label: 'Medicine Name' },
      { name: 'abbreviation', label: 'Abbreviation' },
    ],
    schema: medicineSchema,
    empty: { name: '', abbreviation: '' },
    toInput: (medicine) => ({ name: medicine.name, abbreviation: medicine.abbreviation ?? '' }),
  },
};
