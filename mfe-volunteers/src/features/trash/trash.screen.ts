import { VOLUNTEER_STATUS, successMessage } from '@vot/shared/domain';
import { townshipFilter, type ListScreen } from '@vot/shared/lists';
import type { VolunteerInput } from '@vot/shared/schemas';
import { volunteerColumns, volunteersApi, volunteerTrashApi, type Volunteer } from '../volunteers';

/**
 * SPEC.md §2 Trash: volunteers in the trash with the township they return to, Recover (trash/update)
 * and a permanent Delete (trash/delete, after the shared confirmation). The API refuses (409) to
 * delete a volunteer with history; the client shows its message.
 */
export const volunteerTrashScreen: ListScreen<Volunteer, VolunteerInput> = {
  title: 'Volunteer Trash',
  entity: 'Volunteer',
  permission: 'trash',
  api: volunteerTrashApi,
  query: { status: VOLUNTEER_STATUS.trash },
  // For the trash the API applies the township to the recover township.
  filters: [townshipFilter],
  columns: volunteerColumns({
    field: 'recover_township',
    header: 'Recover Township',
    body: (v) => v.recover_township?.name ?? '',
  }),
  rowActions: [
    {
      label: 'Recover',
      action: 'update',
      severity: 'success',
      run: (v) => volunteersApi.recover(v.id),
      notice: successMessage('Volunteer', 'recovered'),
    },
  ],
};
