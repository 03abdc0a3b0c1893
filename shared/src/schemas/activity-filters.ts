// The list filters of the volunteers remote: volunteers, their community activities and trainings.
import * as yup from 'yup';
import { choiceFilter, dateRangeFilter, idFilter, idListFilter, monthFilter } from './filters';

/** The API's word for a township id that names none (its townships repository says the same). */
const TOWNSHIP_MISSING = 'Township does not exist!';

/** GET communities' query (SPEC.md §7): the volunteers' townships, the volunteer, a date range. */
export const communityFilterSchema = yup.object({
  township_id: idListFilter('Township'),
  volunteer_id: idFilter('Volunteer'),
  ...dateRangeFilter,
});
export type CommunityFilterInput = yup.InferType<typeof communityFilterSchema>;

/** The month_year filter of a volunteer's trainings and their export. */
export const trainingMonthFilterSchema = yup.object({ month_year: monthFilter('Month') });

/** GET volunteers' query: `status=0` is the trash, without it (or 1) the active volunteers; the townships. */
export const volunteerFilterSchema = yup.object({
  status: choiceFilter(['0', '1'], 'Status must be 0 or 1!'),
  township_id: idListFilter('Township', TOWNSHIP_MISSING),
});
/** The volunteers' export has no trash: only the townships. */
export const volunteerExportFilterSchema = volunteerFilterSchema.pick(['township_id']);
