import { api, resource, type ItemResponse, type MessageResponse } from '@vot/shared/api';
import type { VolunteerInput } from '@vot/shared/schemas';

export interface Township {
  id: number;
  name: string;
  abbreviation?: string;
}

/** A volunteer as the API answers it (the brief's contract, SPEC.md §3). */
export interface Volunteer {
  id: number;
  name: string;
  gender: string;
  age: number;
  address: string;
  phone1: string;
  phone2: string | null;
  email: string | null;
  code: string;
  /**
   * The generated first password, until the volunteer changes it in the app. Only GET volunteers/:id
   * carries it, and null to a role that may not update volunteers: lists and the trash leave it out.
   */
  plain_password?: string | null;
  both_mdr_and_picts: 0 | 1;
  education_status: string;
  occupation: string;
  township: Township | null;
  /** Where a volunteer in the trash returns when recovered. */
  recover_township: Township | null;
  past_history_of_TB: string | null;
  previous_volunteer_experience: string | null;
  remark: string | null;
  volunteer_id_gf: number | null;
  status: 0 | 1;
}

/** A row of GET volunteers-export (SPEC.md §7): phones in one cell, the township by name. */
export interface VolunteerExportRow {
  name: string;
  code: string;
  /** Null once changed, or for a role that may not see it: a blank cell. */
  plain_password?: string | null;
  gender: string;
  age: number;
  address: string;
  phone: string;
  email: string | null;
  education_status: string;
  township: string | null;
  past_history_of_TB: string | null;
  previous_volunteer_experience: string | null;
  remark: string | null;
}

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
