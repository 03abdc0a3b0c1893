import { call } from '../api/call';
import { VOLUNTEER_OPERATIONS } from '../operations/volunteers';
import type { Volunteer } from '@vot/shared/schemas';
import type { Option } from '@vot/shared/ui';

/**
 * GET volunteers as every volunteer select and filter reads it (the volunteers remote's
 * volunteersApi declares the rest of the resource): the active volunteers the user may see (the
 * API limits a Field Officer to their townships), `township_id` for one township's.
 */
export const volunteerChoicesApi = {
  list: (params?: { township_id?: number }, signal?: AbortSignal) =>
    call(VOLUNTEER_OPERATIONS.list, { query: params }, { signal, quiet: true }),
};

/** A volunteer as a select shows it: the code goes with the name, as two volunteers can share a name, never a code. */
export const volunteerOption = (v: Pick<Volunteer, 'id' | 'name' | 'code'>): Option => ({
  label: `${v.name} (${v.code})`,
  value: v.id,
});

/**
 * The volunteer selects' choices (a community activity's volunteer and filter, the monthly
 * volunteer report's filter). Takes no argument, so it can be a select's `loadOptions` as it is (a
 * form calls that with its values). Quiet, as every list call: a failed load leaves the select empty.
 */
export const volunteerOptions = (): Promise<Option[]> =>
  volunteerChoicesApi.list().then((res) => res.data.map(volunteerOption));

/** One township's volunteers as choices (VOT's Select Volunteer: the server accepts no other). */
export const townshipVolunteerOptions = (townshipId: number): Promise<Option[]> =>
  volunteerChoicesApi.list({ township_id: townshipId }).then((res) => res.data.map(volunteerOption));
