import { type District, type DistrictInput, districtSchema } from '@vot/shared/schemas';
import type { CrudScreen } from '@vot/shared/lists';
import { districtsApi } from './district.api';

export const districtScreen: CrudScreen<District, DistrictInput> = {
  title: 'District List',
  entity: 'District',
  permission: 'districts',
  api: districtsApi,
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'District Name' },
  ],
  form: {
    createTitle: 'Create District',
    updateTitle: 'Update District',
    fields: [{ name: 'name', label: 'District Name' }],
    schema: districtSchema,
    empty: { name: '' },
    toInput: (district) => ({ name: district.name }),
  },
};
