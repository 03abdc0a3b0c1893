import { MISSED_RUN_WARNING } from './ledger';

/**
 * The missed-dose worklist's words (docs/decisions/0170-missed-dose-worklist.md): what staff do
 * about a patient whose missed run reached the threshold, what came of it, and who owns the case.
 */

/** What was done about the missed doses. */
export const FOLLOW_UP_ACTIONS = [
  'Phone call',
  'Home visit by the volunteer',
  'Home visit by staff',
  'Referral to the clinic',
  'Other',
] as const;
export type FollowUpAction = (typeof FOLLOW_UP_ACTIONS)[number];

/** What came of it. */
export const FOLLOW_UP_OUTCOMES = [
  'Reached and will take the dose',
  'Not reached',
  'Refused',
  'Moved away',
  'Hospitalised',
  'Died',
  'Other',
] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

/**
 * The worklist's threshold unless the API's VOT_FOLLOW_UP_THRESHOLD_DAYS sets another: the missed
 * days in a row that open a case, the Missed Doses list's early warning by default.
 */
export const FOLLOW_UP_THRESHOLD = MISSED_RUN_WARNING;

/** Who owns an open case, lowest first. */
export const FOLLOW_UP_LEVELS = ['Volunteer', 'Field Officer', 'Project Officer'] as const;
export type FollowUpLevel = (typeof FOLLOW_UP_LEVELS)[number];

/**
 * The days a case has been open (since the run reached the threshold) from which each level owns it:
 * the volunteer the first two days, the Field Officer from the 2nd, the Project Officer from the 5th
 * (with the default threshold: a week of missed doses). A patient without a volunteer starts at the
 * Field Officer.
 */
export const FOLLOW_UP_ESCALATION_DAYS: Record<FollowUpLevel, number> = {
  Volunteer: 0,
  'Field Officer': 2,
  'Project Officer': 5,
};

/** The owner of a case open for `daysOpen` days (0 on the day it opened). */
export function followUpLevel(daysOpen: number, hasVolunteer: boolean): FollowUpLevel {
  if (daysOpen >= FOLLOW_UP_ESCALATION_DAYS['Project Officer']) return 'Project Officer';
  if (daysOpen >= FOLLOW_UP_ESCALATION_DAYS['Field Officer'] || !hasVolunteer) return 'Field Officer';
  return 'Volunteer';
}

/** Why a case closed: an observed dose arrived, or VOT ended. */
export const FOLLOW_UP_CLOSINGS = ['Dose observed', 'VOT ended'] as const;
export type FollowUpClosing = (typeof FOLLOW_UP_CLOSINGS)[number];
