/**
 * What the API answers for the VOT records of a patient (SPEC.md §3), declared once: the API's
 * repositories `satisfies` these and the remotes import them. Dates are yyyy-mm-dd strings.
 */

/** A dated change of pure or hybrid VOT and volunteer (GET change-volunteers/{patientId}). */
export interface ChangeVolunteerRecord {
  id: number;
  patient_id: number;
  change_date: string;
  pure_or_hybrid: string;
  with_volunteer: string;
  volunteer: { id: number; name: string; code: string; volunteer_id_gf: number | null } | null;
  /** App / No App, null without a volunteer. */
  type: string | null;
  /** Visit records made under this entry: only an entry without any may be deleted. */
  DOT_count: number;
}

/** A change between pure and hybrid VOT (GET pure-hybrid-histories/{patientId}): `type` is Pure or Hybrid. */
export interface PureHybridHistoryRecord {
  id: number;
  change_date: string;
  type: string;
  DOT_count: number;
}

export interface PatientMedicineRecord {
  id: number;
  patient_id: number;
  medicine_name: string;
}

export interface FuSputumRecord {
  id: number;
  patient_id: number;
  month: string;
  to_send_date: string | null;
  send_date: string | null;
  smear: string;
  smear_date: string | null;
  smear_result: string | null;
  remark: string | null;
  culture_and_DST: string | null;
  culture_and_DST_date: string | null;
  culture_and_DST_result: string | null;
}

/** A row of the F/U sputum export ('FU-Sputum-Examinition'). */
export interface FuSputumExportRow extends FuSputumRecord {
  patient_name: string;
}

export interface InfectionChecklistRecord {
  id: number;
  patient_id: number;
  date: string;
  /** One per question of INFECTION_CHECKLIST_QUESTIONS, in order. */
  answers: { answer: string; action: string | null }[];
  created_at: string;
}

/**
 * A VOT patient's dose ledger (docs/decisions/0073), as of a day in Asia/Yangon.
 * Counted days run from the DOT start date to the DOT end date or today, today only once it has a
 * record; null percentages and band while no day has been counted.
 */
export interface LedgerSummary {
  patient_id: number;
  /** First and last counted day (counted_to < counted_from: none yet). */
  counted_from: string;
  counted_to: string;
  days_elapsed: number;
  observed_days: number;
  not_observed_days: number;
  unrecorded_days: number;
  /** days_elapsed − observed_days. */
  missed_days: number;
  /** observed_days / days_elapsed × 100, one decimal; null when no day is counted (reported adherence). */
  adherence: number | null;
  /** Observed days verified: in person, or a video reviewed. */
  verified_days: number;
  /** verified_days / days_elapsed × 100, one decimal; null when no day is counted. */
  verified_adherence: number | null;
  /** Days observed only by a patient's video still in its review time: in neither days_elapsed nor observed_days. */
  awaiting_review_days: number;
  missed_band: 'under10' | 'from10to50' | 'over50' | null;
  longest_missed_run: number;
  /** Missed days in a row at the end of the counted days (the early warning). */
  current_missed_run: number;
  last_observed_date: string | null;
  /** Days from the last observed dose to the as-of day; null when none was observed. */
  days_since_last_observed: number | null;
}

/** What made an observed day observed (the strongest evidence of the day), or a video still awaiting review. */
export const LEDGER_PROVENANCES = [
  'in_person',
  'video_reviewed',
  'no_app',
  'staff_record',
  'video_not_reviewed',
  'awaiting_review',
] as const;
export type LedgerProvenance = (typeof LEDGER_PROVENANCES)[number];

/** One day of the ledger: `work` is the observing record's work code (the lowest when several). */
export interface LedgerDay {
  patient_id: number;
  date: string;
  /** awaiting_review: observed only by a patient's video still in its review time (neither observed nor missed yet). */
  status: 'observed' | 'not_observed' | 'awaiting_review' | 'unrecorded';
  work: number | null;
  /** Observed and awaiting days: what the day rests on; null otherwise. */
  provenance: LedgerProvenance | null;
}
