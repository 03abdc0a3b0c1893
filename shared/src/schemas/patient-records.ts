import type { HouseholdContact } from './patients';
import type { LedgerSummary } from './vot-records';

/**
 * What the API answers for patients (SPEC.md §3 Patient), declared once: the API's repository
 * `satisfies` these and the remotes import them. Dates are yyyy-mm-dd strings; a field never set is null.
 */
export interface PatientTownship {
  id: number;
  name: string;
  abbreviation: string;
}

/** A row of every patient list (SPEC.md §2 "Patient list screens") and of the trash. */
export interface PatientListRow {
  id: number;
  year: number;
  SP_code: string | null;
  name: string;
  /** The patient's sign-in to the phone app (HTY-P0007). */
  code: string;
  /** The generated initial app password while unchanged, and only for roles that may see it; else null. */
  plain_password: string | null;
  township: PatientTownship | null;
  /** Where a patient in the trash goes back to. */
  recover_township: PatientTownship | null;
  RR_code: string | null;
  DRTB_code: string | null;
  /** Township DRTB Code. */
  unique_id: string | null;
  dot_patient_id_gf: number | null;
  presumptive_TB_number: number | null;
  age: number;
  sex: string;
  TB_status: string | null;
  VOT_eligible: string | null;
  VOT_accept: string | null;
  DOT_start_date: string | null;
  DOT_end_date: string | null;
  pure_or_hybrid: string | null;
  /** 1 active, 0 in trash. */
  status: number;
  /** The current volunteer (the VOT lists choose the detail view by it); always sent by GET patients. */
  volunteer_id?: number | null;
  /** The dose ledger of a patient on VOT, on the VOT Status lists only (undefined elsewhere; null: not on VOT). */
  ledger?: LedgerSummary | null;
  /** The patient's phone, on the Missed Doses list only: the patients to call today (undefined elsewhere). */
  patient_phone_no?: string;
}

/** One patient with everything the detail screens show (GET patients/{id}). */
export interface Patient extends Omit<PatientListRow, 'volunteer_id' | 'ledger'> {
  DOB: string | null;
  treatment_start_date: string | null;
  treatment_regimen: string;
  treatment_regimen_other: string | null;
  patient_address: string;
  /** Normalised (09420000101): what is matched and dialled. */
  patient_phone_no: string;
  /** As typed (+95 9 420 000 101), what the form shows; null for a patient registered before it was kept. */
  patient_phone_no_typed: string | null;
  contact_info: string;
  contact_phone_no: string;
  primary_language: string;
  secondary_language: string | null;
  height: number;
  weight: number;
  BMI: number;
  household_contacts: HouseholdContact[];
  report_period: string | null;
  // TB conclusion
  treatment_status: string | null;
  TB_DRTB_code: string | null;
  defined_TB_type: string | null;
  defined_TB_type_other: string | null;
  type_of_TB_patient: string | null;
  smoking_status: string | null;
  DM_status: string | null;
  HIV_test: string | null;
  HIV_test_date: string | null;
  HIV_result: string | null;
  CPT_status: string | null;
  CPT_date: string | null;
  ART_status: string | null;
  ART_date: string | null;
  treatment_outcome: string | null;
  treatment_outcome_date: string | null;
  remark: string | null;
  // VOT eligibility and acceptance
  VOT_eligible: string | null;
  /** The day the eligibility decision was made (screened as of it); null: made before decisions were dated. */
  VOT_eligible_date: string | null;
  /** The day the VOT Accept decision (accepted or declined) was made; null as above. */
  VOT_accept_date: string | null;
  VOT_not_eligible_reason: string | null;
  VOT_not_accept_reason: string | null;
  VOT_not_accept_reason_other: string | null;
  /** Every eligibility and VOT Accept decision as it was made, oldest first (docs/decisions/0133-decision-history.md). */
  VOT_decisions: VotDecision[];
  /** Investigation fields by their SPEC.md §3 names (INVESTIGATION_COLUMNS), null until recorded. */
  investigations: Record<string, string | number | null>;
  /** How many VOT visit records exist (SPEC.md §3 DOTs); 0 until the VOT issue's visits exist. */
  DOTs: number;
  // Transfer-out
  TO_status: string | null;
  TO_year: number | null;
  TO_date: string | null;
  TO_RR_code: string | null;
  TO_DRTB_code: string | null;
  TO_township: PatientTownship | null;
  // VOT (filled by the VOT screens)
  VDOT_end_date: string | null;
  VDOT_end_type: string | null;
  VDOT_end_remark: string | null;
  VDOT_stop_reason: string | null;
  /** App / No App. */
  type: string | null;
  volunteer: { id: number; name: string } | null;
  treatment_finished: string | null;
  treatment_finished_date: string | null;
  outcome: string | null;
  outcome_date: string | null;
  created_at: string;
  updated_at: string;
}

/** A VOT decision as it was made: its answer (null: cleared), the reason not to accept, and its day (null: not dated). */
export interface VotDecision {
  kind: 'eligible' | 'accept';
  value: string | null;
  reason: string | null;
  decided_at: string | null;
}

/**
 * A row of GET patients-export (the lists' Export, SPEC.md §7 "Export files"): flat, the list's
 * columns first (ID, SP Code, Name, Code, Password, TSP, RR Code, DRTB Code, Township DRTB Code,
 * Age, Sex), then what the programme's spreadsheets use. `TSP` is the township's abbreviation
 * (the recover township's in the trash).
 */
export interface PatientExportRow {
  id: number;
  SP_code: string | null;
  name: string;
  code: string;
  plain_password: string | null;
  TSP: string | null;
  RR_code: string | null;
  DRTB_code: string | null;
  unique_id: string | null;
  age: number;
  sex: string;
  year: number;
  township: string | null;
  dot_patient_id_gf: number | null;
  presumptive_TB_number: number | null;
  DOB: string | null;
  treatment_start_date: string | null;
  treatment_regimen: string;
  patient_phone_no: string;
  TB_status: string | null;
  treatment_status: string | null;
  VOT_eligible: string | null;
  VOT_accept: string | null;
  DOT_start_date: string | null;
  DOT_end_date: string | null;
  pure_or_hybrid: string | null;
  report_period: string | null;
  /** As on PatientListRow: the VOT Status lists' exports only. */
  ledger?: LedgerSummary | null;
}

/** One answer of GET patients-export: its rows, newest first, and the `after` of the next page (null: the last). */
export interface PatientExportPage {
  data: PatientExportRow[];
  next: number | null;
  status: 'success';
}

/** GET latest-presumptive-TB-Number/{township_id}. */
export interface PresumptiveNumber {
  /** The highest presumptive TB number of the township (trash included), null before the first. */
  latest: number | null;
  /** What a new no-SPS patient of the township gets (latest + 1, or 1). */
  next: number;
}

/** GET dstb-patient-count: one count per patient list of the menu (keys of PATIENT_CATEGORIES), scoped like the lists. */
export type PatientCounts = Record<string, number>;

/**
 * GET patients-possible-duplicates: a registered patient (active, or in the trash for those who
 * read it) who may be the one about to be registered, and why.
 */
export interface PossibleDuplicate {
  id: number;
  name: string;
  code: string;
  SP_code: string | null;
  age: number;
  sex: string;
  /** The township, or in the trash the one the patient returns to. */
  township: PatientTownship | null;
  patient_phone_no: string;
  /** 1 active, 0 in the trash. */
  status: number;
  /** The same name (without honorific, case or spaces) and an age within two years in the township. */
  same_name: boolean;
  /** The same phone number (normalised). */
  same_phone: boolean;
}
