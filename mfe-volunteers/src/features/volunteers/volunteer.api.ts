import { api, listCallsOf, resource, type ItemResponse, type MessageResponse } from '@vot/shared/api';
import type { Volunteer, VolunteerExportRow, VolunteerInput } from '@vot/shared/schemas';

const { remove, ...volunteers } = resource<Volunteer, VolunteerInput>('volunteers');

/**
 * A volunteer's Delete moves it to the trash (`moveToTrash`); only the trash deletes for good
 * (`deleteForGood`, DELETE volunteers/:id), so no call here is named plain `remove`.
 */
export const volunteersApi = {
  ...volunteers,
  /** Quiet: the detail says 'Volunteer not found.' itself rather than in a notice. */
  show: (id: number) => api.get<ItemResponse<Volunteer>>(`volunteers/${id}`, { quiet: true }),
  /** Soft delete: the volunteer goes to the trash (status 0). */
  moveToTrash: (id: number) => api.get<MessageResponse>(`volunteers-delete/${id}`, { changes: true }),
  /** Permanently, from the trash only; refused (409) while the volunteer has trainings or activities. */
  deleteForGood: remove,
  /** Back from the trash to the recover township. */
  recover: (id: number) => api.get<MessageResponse>(`volunteers-recover/${id}`, { changes: true }),
  /** A new initial app password (the old one forgotten), shown in the detail; the volunteer's app sessions end. Not in SPEC.md, see docs/api.md. */
  resetPassword: (id: number) => api.post<ItemResponse<Volunteer> & MessageResponse>(`volunteers/${id}/reset-password`),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, string>) =>
    api.get<{ data: VolunteerExportRow[] }>('volunteers-export', { params: filters, quiet: true }),
};

/** The volunteer list's calls: its Delete moves the volunteer to the trash. */
export const volunteerListApi = listCallsOf<Volunteer, VolunteerInput>(volunteersApi, (id) =>
  volunteersApi.moveToTrash(id),
);
/** The trash's calls: its Delete deletes for good. */
export const volunteerTrashApi = listCallsOf<Volunteer, VolunteerInput>(volunteersApi, (id) =>
  volunteersApi.deleteForGood(id),
);
