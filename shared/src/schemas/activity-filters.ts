import * as yup from 'yup';
import { dateRangeFilter, idFilter, idListFilter, monthFilter } from './filters';

/** GET communities' query (SPEC.md §7): the volunteers' townships, the volunteer, a date range. */
export const communityFilterSchema = yup.object({
  township_id: idListFilter('Township'),
  volunteer_id: idFilter('Volunteer'),
  ...dateRangeFilter,
});
export type CommunityFilterInput = yup.InferType<typeof communityFilterSchema>;

/** The month_year filter of a volunteer's trainings and their export. */
export const trainingMonthFilterSchema = yup.object({ month_year: monthFilter('Month') });
