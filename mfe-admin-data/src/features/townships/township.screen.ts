import { optionsFrom, townshipsApi, type CrudScreen } from '@vot/shared/lists';
import { type Township, townshipCreateSchema, type TownshipInput, townshipUpdateSchema } from '@vot/shared/schemas';
import { districtsApi } from '../districts/district.api';
import { projectsApi } from '../projects/project.api';
import { regionsApi } from '../regions/region.api';

const regionOptions = optionsFrom(regionsApi);
const districtOptions = optionsFrom(districtsApi);
const projectOptions = optionsFrom(projectsApi);

/** SPEC.md §2/§5: paged; region, district and project (create only), name and acronym. */
export const townshipScreen: CrudScreen<Township, TownshipInput> = {
  title: 'Township List',
  entity: 'Township',
  permission: 'townships',
  api: townshipsApi,
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Township Name' },
    { field: 'abbreviation', header: 'Acronym' },
    { field: 'region', header: 'Region', body: (t) => t.region.name },
    { field: 'district', header: 'District', body: (t) => t.district.name },
    { field: 'project', header: 'Project', body: (t) => t.project.name },
  ],
  form: {
    createTitle: 'Create Township',
    updateTitle: 'Update Township',
    fields: [
      { name: 'region_id', label: 'Region', type: 'select', loadOptions: regionOptions },
      { name: 'district_id', label: 'District', type: 'select', loadOptions: districtOptions },
      { name: 'project_id', label: 'Project', type: 'select', loadOptions: projectOptions, createOnly: true },
      { name: 'name', label: 'Township Name' },
      { name: 'abbreviation', label: 'Township Acronym' },
    ],
    schema: townshipUpdateSchema,
    createSchema: townshipCreateSchema,
    // Nothing chosen yet: the schema answers 'Region is required!' and so on.
    empty: {
      region_id: null,
      district_id: null,
      project_id: null,
      name: '',
      abbreviation: '',
    } as unknown as TownshipInput,
    toInput: (t) => ({
      region_id: t.region.id,
      district_id: t.district.id,
      project_id: t.project.id,
      name: t.name,
      abbreviation: t.abbreviation,
    }),
  },
};
