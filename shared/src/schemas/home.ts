import * as yup from 'yup';
import { dateRangeFilter, idFilter } from './filters';

/**
 * The home's figures (docs/decisions/0190-home-waiting-today.md): what waits today for the signed-in
 * user (videos to review, follow-ups due) and, for a supervising role, the review timeliness and
 * staff activity per township over a period (0191). One call, so the home opens at once.
 */

/** The supervisors' period (start_date, end_date: the last four weeks to today when left out) and a township. */
export const homeQuery = yup.object({
  township_id: idFilter('Township'),
  ...dateRangeFilter,
});
export type HomeQuery = yup.InferType<typeof homeQuery>;

/** Hours after a video arrives within which its review counts as in time (the ledger's review time, 72 hours). */
export const REVIEW_TARGET_HOURS = 72;
/** The supervisors' period when none is chosen: four whole weeks, today the last day. */
export const HOME_PERIOD_DAYS = 28;

/** A staff member's sign-ins in the period: on how many of its weekdays they signed in. */
export interface StaffActivity {
  id: number;
  name: string;
  role: string;
  /** Weekdays (Monday to Friday, programme time) of the period with at least one sign-in. */
  days_signed_in: number;
}

/** One township's figures over the period (township null: the staff of no township, who work in all). */
export interface SupervisedTownship {
  township: { id: number; name: string } | null;
  /** The patients' own videos of dose days in the period whose review is due (reviewed, or past the target). */
  videos: number;
  /** Of them, reviewed (by a verdict or the volunteer's review) within the target after arriving. */
  reviewed_in_time: number;
  /** Reviewed after the target. */
  reviewed_late: number;
  /** Past the target and still awaiting a verdict. */
  not_reviewed: number;
  /** The staff who review videos and follow up the township's patients, by name. */
  staff: StaffActivity[];
}

/** The supervisors' figures (those the ASCENT trials report), per township over the period. */
export interface Supervision {
  start_date: string;
  end_date: string;
  review_target_hours: number;
  /** Monday-to-Friday days in the period: what each person's days_signed_in is out of. */
  weekdays: number;
  townships: SupervisedTownship[];
}

/** The home cards' headline figures: each dashboard's figure with no period chosen (decision 0196). */
export interface HomeHeadlines {
  /** Active volunteers (Volunteer Dashboard's total). */
  volunteers: number;
  /** Active patients (Patient Dashboard's total). */
  patients: number;
  /** Patients on VOT today, with or without a volunteer (VOT Status Dashboard). */
  on_vot: number;
}

/**
 * GET home: what waits today in the user's townships, each part null for a role that does not do
 * that work; `supervision` only for a role that supervises; the cards' headlines.
 */
export interface HomeFigures {
  /** Patients' videos awaiting a verdict (the Video Reviews queue's total); null for a role that does not review. */
  videos_to_review: number | null;
  /** Patients on the missed-dose worklist; null for a role that does not follow up. */
  follow_ups: number | null;
  /** Of them, those whose next action is due today or earlier. */
  follow_ups_due: number | null;
  supervision: Supervision | null;
  headlines: HomeHeadlines;
}
