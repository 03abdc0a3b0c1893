import { generatePath } from 'react-router-dom';
import { NAME_WIDTH, townshipFilter, type ColumnDef, type ExportDef, type ListScreen } from '@vot/shared/lists';
import { type Volunteer, type VolunteerExportRow, type VolunteerInput, volunteerSchema } from '@vot/shared/schemas';
import { routes } from '../../routes';
import { volunteerListApi, volunteersApi } from './volunteer.api';
import { VOLUNTEER_EXPORT_COLUMNS } from './volunteer.export';
import { VOLUNTEER_DIALOG_WIDTH, emptyVolunteer, volunteerFields } from './volunteer.form';

const detailPath = (v: Volunteer) => generatePath(routes.volunteerDetail.path, { id: String(v.id) });

/** The columns of a volunteer list and of the volunteer trash, which differ in their township column. */
export function volunteerColumns(township: ColumnDef<Volunteer>): ColumnDef<Volunteer>[] {
  return [
    { field: 'id', header: 'ID' },
    { field: 'code', header: 'Code', nowrap: true },
    { field: 'name', header: 'Name', minWidth: NAME_WIDTH },
    { field: 'gender', header: 'Gender' },
    { field: 'age', header: 'Age' },
    { field: 'phone1', header: 'Phone', nowrap: true },
    township,
    { field: 'education_status', header: 'Education' },
    { field: 'occupation', header: 'Occupation' },
  ];
}

/** SPEC.md §7 Export files: 'Volunteers' plus the township's name when filtered, the columns of GET volunteers-export. */
export const volunteerExport: ExportDef<VolunteerExportRow> = {
  fileName: 'Volunteers',
  suffixFrom: ['township_id'],
  load: (filters) => volunteersApi.exportRows(filters),
  columns: VOLUNTEER_EXPORT_COLUMNS,
};

/**
 * SPEC.md §2 Volunteers: paged, township filter, New and Export. A row opens its detail, where
 * Update, Training and Delete live; a created volunteer opens there too, to hand out its code and password.
 */
export const volunteerScreen: ListScreen<Volunteer, VolunteerInput, VolunteerExportRow> = {
  title: 'Volunteer List',
  entity: 'Volunteer',
  permission: 'volunteers',
  api: volunteerListApi,
  filters: [townshipFilter],
  columns: volunteerColumns({ field: 'township', header: 'Township', body: (v) => v.township?.name ?? '' }),
  rowButtons: [],
  rowActions: [{ label: 'Detail', action: 'read', to: detailPath }],
  export: volunteerExport,
  form: {
    createTitle: 'Create Volunteer',
    fields: volunteerFields,
    schema: volunteerSchema,
    empty: emptyVolunteer,
    width: VOLUNTEER_DIALOG_WIDTH,
    openCreated: detailPath,
  },
};
