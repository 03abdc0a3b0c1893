import { call, listCallsOf } from '@vot/shared/api';
import { VOLUNTEER_OPERATIONS as OPS } from '@vot/shared/operations';
import type { Volunteer, VolunteerInput } from '@vot/shared/schemas';

const quiet = { quiet: true };

/**
 * A volunteer's Delete moves it to the trash (`moveToTrash`); only the trash deletes for good
 * (`deleteForGood`, DELETE volunteers/:id), so no call here is named plain `remove`.
 */
export const volunteersApi = {
  list: (query?: Record<string, unknown>, signal?: AbortSignal) => call(OPS.list, { query }, { signal, quiet: true }),
  create: (input: VolunteerInput) => call(OPS.create, { body: input }, quiet),
  update: (id: number, input: VolunteerInput) => call(OPS.update, { params: { id }, body: input }, quiet),
  /** Quiet: the detail says 'Volunteer not found.' itself rather than in a notice. */
  show: (id: number) => call(OPS.show, { params: { id } }, quiet),
  /** Soft delete: the volunteer goes to the trash (status 0). */
  moveToTrash: (id: number) => call(OPS.moveToTrash, { params: { id } }),
  /** Permanently, from the trash only; refused (409) while the volunteer has trainings or activities. */
  deleteForGood: (id: number) => call(OPS.deleteForGood, { params: { id } }),
  /** Back from the trash to the recover township. */
  recover: (id: number) => call(OPS.recover, { params: { id } }),
  /** A new initial app password (the old one forgotten), shown in the detail; the volunteer's app sessions end. Not in SPEC.md, see docs/api.md. */
  resetPassword: (id: number) => call(OPS.resetPassword, { params: { id } }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, string>) => call(OPS.exportRows, { query: filters }, quiet),
};

/** The volunteer list's calls: its Delete moves the volunteer to the trash. */
export const volunteerListApi = listCallsOf<Volunteer, VolunteerInput>(volunteersApi, (id) =>
  volunteersApi.moveToTrash(id),
);
/** The trash's calls: its Delete deletes for good. */
export const volunteerTrashApi = listCallsOf<Volunteer, VolunteerInput>(volunteersApi, (id) =>
  volunteersApi.deleteForGood(id),
);
