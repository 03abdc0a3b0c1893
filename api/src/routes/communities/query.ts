import * as yup from 'yup';
import { dateRangeFilter, idFilter, idListFilter } from '@vot/shared/schemas';

/** GET communities' query (SPEC.md §7): the volunteers' townships, the volunteer, a date range. */
export const communityQuery = yup.object({
  township_id: idListFilter('Township'),
  volunteer_id: idFilter('Volunteer'),
  ...dateRangeFilter,
});

export type CommunityQuery = yup.InferType<typeof communityQuery>;
