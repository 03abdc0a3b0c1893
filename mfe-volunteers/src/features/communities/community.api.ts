import { call, resourceCalls } from '@vot/shared/api';
import { COMMUNITY_OPERATIONS as OPS } from '@vot/shared/operations';
import type { Community, CommunityInput, NamedRecord } from '@vot/shared/schemas';
import type { Option } from '@vot/shared/ui';

/**
 * SPEC.md §7 communities: list (paged, filtered), show, create, update, delete. The detail page
 * says itself why a record cannot be shown, so its load raises no notice.
 */
export const communitiesApi = {
  ...resourceCalls<Community, CommunityInput>(OPS),
  show: (id: number) => call(OPS.show, { params: { id } }, { quiet: true }),
};

/**
 * The volunteer options of a saved activity: its own volunteer stays offered even when no longer
 * listed (moved to the trash since) or when the list could not be read, so the form shows who it was.
 */
export const keepVolunteer = (options: Option[], current: NamedRecord): Option[] =>
  options.some((o) => o.value === current.id) ? options : [{ label: current.name, value: current.id }, ...options];
