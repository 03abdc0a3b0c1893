import * as yup from 'yup';
import {
  FOLLOW_UP_ACTIONS,
  FOLLOW_UP_LEVELS,
  FOLLOW_UP_OUTCOMES,
  type FollowUpAction,
  type FollowUpClosing,
  type FollowUpLevel,
  type FollowUpOutcome,
} from '../domain/follow-ups';
import { todayIn } from '../domain/dates';
import type { MissedDoseBand } from '../domain/ledger';
import { optionalText, requiredChoice, requiredId, text } from './fields';
import { choiceFilter, idListFilter } from './filters';

/**
 * The missed-dose worklist (docs/decisions/0170-missed-dose-worklist.md): the action a staff member
 * records about a patient whose doses are missed, and the worklist's query. The form and the API
 * validate with these.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const REMARK_FOR_OTHER = 'Remark is required when Other is chosen!';

export const followUpSchema = yup.object({
  patient_id: requiredId('Patient'),
  action: requiredChoice('Action', FOLLOW_UP_ACTIONS),
  outcome: requiredChoice('Outcome', FOLLOW_UP_OUTCOMES),
  // "Other" says nothing by itself: the remark says what.
  remark: optionalText().when(['action', 'outcome'], {
    is: (action: unknown, outcome: unknown) => action === 'Other' || outcome === 'Other',
    then: (s) => s.required(REMARK_FOR_OTHER),
  }),
  /** When the patient is to be followed up again: today or later. */
  next_date: text('Next Date')
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .matches(ISO_DAY, 'Next Date must be a date (yyyy-mm-dd)!')
    .test(
      'real-day',
      'Next Date must be a date (yyyy-mm-dd)!',
      (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    )
    .test('not-past', 'Next Date may not be before today!', (v) => !v || v >= todayIn())
    .optional(),
});
export type FollowUpInput = yup.InferType<typeof followUpSchema>;

/** GET follow-ups' query: the townships (within the user's), the level that owns the case, the patient's name. */
export const followUpFilterSchema = yup.object({
  township_id: idListFilter('Township'),
  /** Word beginnings of the patient's name, in any order (Burmese or Latin), as the patient lists search. */
  name: text('Name')
    .transform((v: unknown) => (v === '' ? undefined : v))
    .max(255, 'Name is too long!')
    .optional(),
  level: choiceFilter(FOLLOW_UP_LEVELS, `Level must be one of ${FOLLOW_UP_LEVELS.join(', ')}!`),
});
export type FollowUpFilterInput = yup.InferType<typeof followUpFilterSchema>;

/** A recorded follow-up action. */
export interface FollowUpRecord {
  id: number;
  patient_id: number;
  /** The case it belongs to: the last observed day before the missed run (or the day before VOT began). */
  case_since: string;
  action: FollowUpAction;
  outcome: FollowUpOutcome;
  remark: string | null;
  next_date: string | null;
  /** The account that recorded it. */
  recorded_by: string | null;
  created_at: string;
}

/** A row of the worklist: a patient whose current missed run reached the threshold. */
export interface FollowUpRow {
  /** The patient's id. */
  id: number;
  name: string;
  SP_code: string | null;
  township: { id: number; name: string } | null;
  patient_phone_no: string | null;
  volunteer: { id: number; name: string } | null;
  current_missed_run: number;
  adherence: number | null;
  missed_band: MissedDoseBand | null;
  last_observed_date: string | null;
  /** The day the run reached the threshold, and the days since. */
  opened_on: string;
  days_open: number;
  /** Who owns the case now (escalation). */
  level: FollowUpLevel;
  /**
   * Who that is by name: the patient's volunteer, the Field Officers of the patient's township or
   * the Project Officers of its project (comma-separated); null when nobody holds that place.
   */
  owner: string | null;
  /** The case's last action (null: nobody has acted yet). */
  last_action: FollowUpAction | null;
  last_outcome: FollowUpOutcome | null;
  last_action_at: string | null;
  /** When it is due: the last action's next date, else the day the case opened. */
  due_date: string;
}

/** A case of a patient's history, newest first, with its actions, newest first. */
export interface FollowUpCase {
  case_since: string;
  /** null while the case is open. */
  closed: { reason: FollowUpClosing; on: string } | null;
  actions: FollowUpRecord[];
}
