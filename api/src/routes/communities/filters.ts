import * as yup from 'yup';
import { dateRangeFilter, idFilter } from '@vot/shared/schemas';

/** GET communities' filters (SPEC.md §7): the volunteer's township, the volunteer, a date range. */
export const communityFilters = yup.object({
  township_id: idFilter('Township'),
  volunteer_id: idFilter('Volunteer'),
  ...dateRangeFilter,
});

export type CommunityFilters = yup.InferType<typeof communityFilters>;
