import { api, resource, type ItemResponse, type MessageResponse } from '@vot/shared/api';
import type { Volunteer, VolunteerExportRow, VolunteerInput } from '@vot/shared/schemas';

const volunteers = resource<Volunteer, VolunteerInput>('volunteers');

export const volunteersApi = {
  ...volunteers,
  /** Quiet: the detail says 'Volunteer not found.' itself rather than in a notice. */
  show: (id: number) => api.get<ItemResponse<Volunteer>>(`volunteers/${id}`, { quiet: true }),
  /** Soft delete: the volunteer goes to the trash (status 0). */
  moveToTrash: (id: number) => api.get<MessageResponse>(`volunteers-delete/${id}`),
  /** Back from the trash to the recover township. */
  recover: (id: number) => api.get<MessageResponse>(`volunteers-recover/${id}`),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, string>) => api.get<{ data: VolunteerExportRow[] }>('volunteers-export', { params: filters, quiet: true }),
};
