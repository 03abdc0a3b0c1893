/**
 * What the API answers for the VOT records of a patient (SPEC.md §3), declared once: the API's
 * repositories `satisfies` these and the remotes import them. Dates are yyyy-mm-dd strings.
 */
import type { VideoState } from '../domain/visits';

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
