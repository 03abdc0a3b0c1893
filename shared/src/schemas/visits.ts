import * as yup from 'yup';
import { NO_APP_MAX_DAYS } from '../domain/visits';
import { pastDay, requiredId } from './fields';
import { END_BEFORE_START, dateRangeFilter, idFilter } from './filters';

/**
 * The visit screens' requests (SPEC.md §5, §7 VOT visits): the lists' date filters, and the no-app
 * create in its two shapes — the form's date range and the call's list of days it expands to.
 */

/** GET DOTs, all-DOTs, NoVolunteer-DOTs, NoApp-DOTs and their exports: start_date / end_date (page is read apart). */
export const visitFilterSchema = yup.object(dateRangeFilter);
export type VisitFilterInput = yup.InferType<typeof visitFilterSchema>;

/** GET export-all-patient-DOTs covers every patient in scope: in parts, and only in the dates asked. */
export const allPatientVisitsFilterSchema = visitFilterSchema.shape({
  start_date: dateRangeFilter.start_date.required('Start Date is required!'),
  end_date: dateRangeFilter.end_date.required('End Date is required!'),
  township_id: idFilter('Township'),
});

/** The no-app Create dialog (SPEC.md §5): 'Start Date is required!', 'End Date is required!', the end not before the start. */
export const noAppRangeSchema = yup.object({
  start_date: pastDay('Start Date').required('Start Date is required!'),
  end_date: pastDay('End Date')
    .required('End Date is required!')
    .test('after-start', END_BEFORE_START, function (end) {
      const start = (this.parent as { start_date?: string }).start_date;
      return !end || !start || end >= start;
    }),
});
export type NoAppRangeInput = yup.InferType<typeof noAppRangeSchema>;

/** POST NoApp-DOTs {dates, patient_id} (SPEC.md §7): the range expanded into every day. */
export const noAppDaysSchema = yup.object({
  patient_id: requiredId('Patient'),
  dates: yup
    .array(pastDay('Date'))
    .transform((v: unknown, raw: unknown) => (Array.isArray(raw) ? v : Number.NaN))
    .typeError('Dates must be a list of days!')
    .required('Start Date is required!')
    .min(1, 'Start Date is required!')
    .max(NO_APP_MAX_DAYS, `At most ${NO_APP_MAX_DAYS} days at a time!`),
});
export type NoAppDaysInput = yup.InferType<typeof noAppDaysSchema>;
