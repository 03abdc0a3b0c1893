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
