import { api, resource, type ItemResponse } from '@vot/shared/api';
import type { Community, CommunityInput, NamedRecord } from '@vot/shared/schemas';
import type { Option } from '@vot/shared/ui';
import { volunteersApi } from '../volunteers/volunteer.api';

/**
 * SPEC.md §7 communities: list (paged, filtered), show, create, update, delete. The detail page
 * says itself why a record cannot be shown, so its load raises no notice.
 */
export const communitiesApi = {
  ...resource<Community, CommunityInput>('communities'),
  show: (id: number) => api.get<ItemResponse<Community>>(`communities/${id}`, { quiet: true }),
};


/**
 * The active volunteers the user may see (the API limits a Field Officer to their townships). The
 * code goes with the name: two volunteers can share a name, never a code.
 */
export const volunteerOptions = (): Promise<Option[]> =>
  volunteersApi.list().then((res) => res.data.map((v) => ({ label: v.code ? `${v.name} (${v.code})` : v.name, value: v.id })));

/**
 * The volunteer options of a saved activity: its own volunteer stays offered even when no longer
 * listed (moved to the trash since) or when the list could not be read, so the form shows who it was.
 */
export const keepVolunteer = (options: Option[], current: NamedRecord): Option[] =>
  options.some((o) => o.value === current.id) ? options : [{ label: current.name, value: current.id }, ...options];
