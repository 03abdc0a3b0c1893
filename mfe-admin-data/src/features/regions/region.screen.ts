import { type Region, type RegionInput, regionSchema } from '@vot/shared/schemas';
import type { CrudScreen } from '@vot/shared/lists';
import { regionsApi } from './region.api';

/** The reference pattern for every basic-data screen: a declaration over the shared kit. */
export const regionScreen: CrudScreen<Region, RegionInput> = {
  title: 'Region List',
  entity: 'Region',
  permission: 'regions',
  api: regionsApi,
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Region Name' },
  ],
  form: {
    createTitle: 'Create Region',
    updateTitle: 'Update Region',
    fields: [{ name: 'name', label: 'Region Name' }],
    schema: regionSchema,
    empty: { name: '' },
    toInput: (region) => ({ name: region.name }),
  },
};
