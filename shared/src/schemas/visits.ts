import * as yup from 'yup';
import { NO_APP_MAX_DAYS, type VideoState } from '../domain/visits';
import { YES_NO } from '../domain/volunteers';
import { pastDay, requiredChoice, requiredId, text } from './fields';
import { END_BEFORE_START, dateRangeFilter, idFilter } from './filters';

/**
 * Visit records (the `dots` table, docs/glossary.md), declared once: the requests of the visit
 * screens (SPEC.md §5, §7 VOT visits) — the lists' date filters, the dashboard visit's create and
 * update, the no-app create in its two shapes (the form's date range and the call's list of days
 * it expands to) — and what the API answers for them. The API validates requests with the same
 * schemas and its repositories `satisfies` the answers. Dates are yyyy-mm-dd strings.
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

const remark = () => text('Remark').required('Remark is required!').max(1000, 'At most 1000 characters!');

/** SPEC.md §5 Create VOT visit (the dashboard's own visit records). */
export const dashboardVisitSchema = yup.object({
  patient_id: requiredId('Patient'),
  date: pastDay('Date'),
  /** Whether the dose was taken: the record's work status, which decides the day in the dose ledger. */
  dose_taken: requiredChoice('Dose taken', YES_NO),
  remark: remark(),
});
export type DashboardVisitInput = yup.InferType<typeof dashboardVisitSchema>;

/** SPEC.md §5 Update VOT visit: whether the dose was taken (it decides the day, as when created) and the remark. */
export const dashboardVisitUpdateSchema = yup.object({
  dose_taken: requiredChoice('Dose taken', YES_NO),
  remark: remark(),
});
export type DashboardVisitUpdateInput = yup.InferType<typeof dashboardVisitUpdateSchema>;

/** A VOT (DOT) visit record (SPEC.md §3). */
export interface VisitRecord {
  id: number;
  uuid: string;
  patient_id: number;
  change_volunteer_id: number | null;
  date: string;
  work: number;
  work_status: boolean | null;
  long: string | null;
  minor_side_effects: string | null;
  major_side_effects: string | null;
  actions: string | null;
  video: string | null;
  /** Where the video is: `uploading` (the record came first), `stored`, `missing` (VIDEO_AWAIT_HOURS passed), null when none is expected. */
  video_state: VideoState | null;
  sign: string | null;
  remark: string | null;
  late_remark: string | null;
  patient_condition: string | null;
  created: string;
  DOT_records: { medicine_name: string; quantity: number }[];
}

/**
 * GET DOT/{id}: a visit record with who made it and signed links to its files (SPEC.md §3): the
 * video and the signature are served through short-lived links, so an <img> or <video> can open them.
 */
export interface VisitDetail extends VisitRecord {
  change_volunteer: {
    type: string | null;
    volunteer: { name: string; code: string; volunteer_id_gf: number | null } | null;
  } | null;
  video_url: string | null;
  sign_url: string | null;
  township: { name: string };
  patient: { name: string; dot_patient_id_gf: number | null };
}

/** GET NoVolunteer-DOTs: a page of the patient's own records, also as `DOTs` (the name SPEC.md §7 reads). */
export interface NoVolunteerVisitPage {
  DOTs: VisitRecord[];
  data: VisitRecord[];
  status: 'success';
  total: number;
}

/** A row of export-DOTs ('DOT-APP'), export-all-DOTs ('All-VOT') and export-all-patient-DOTs ('All-Patient-VOTs'). */
export interface VisitExportRow {
  id: number;
  date: string;
  work: number;
  work_status: boolean | null;
  medicines: string;
  long: string | null;
  minor_side_effects: string | null;
  major_side_effects: string | null;
  actions: string | null;
  remark: string | null;
  late_remark: string | null;
  patient_condition: string | null;
  created: string;
  patient: { name: string; dot_patient_id_gf: number | null };
  township: { name: string };
  volunteer: { name: string; code: string } | null;
  type: string | null;
}

/** One answer of GET export-all-patient-DOTs: its rows and the `after` of the next (null: the last). */
export interface VisitExportPage {
  data: VisitExportRow[];
  next: number | null;
  status: 'success';
}

/** A day of the no-app grid (GET NoApp-DOTs). */
export interface NoAppDay {
  id: number;
  patient_id: number;
  date: string;
  work_status: boolean | null;
}

/** GET NoApp-DOTs: a page of days, the three counters over the filtered range, and the patient's last day (the Create dialog's default start). */
export interface NoAppDayList {
  data: NoAppDay[];
  status: 'success';
  total: number;
  counts: { achieved: number; notAchieved: number; notMarked: number };
  last_date: string | null;
}

/** A row of export-NoApp-DOTs (SPEC.md §7): written as ID, Patient_Name, Date, Work_Status. */
export interface NoAppExportRow {
  id: number;
  patient: { name: string };
  date: string;
  work_status: boolean | null;
}
