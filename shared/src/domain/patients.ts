/**
 * Enumerations of the patient side of SPEC.md §3 (patients, investigations, TB conclusion, VOT
 * eligibility and acceptance). Where the spec names a list without its values ("genexpert results,
 * test results, exclusion reasons, report periods"), the values come from the programme's own
 * forms and registers — Myanmar NTP's presumptive TB and DR-TB registers and the WHO definitions
 * and reporting framework (WHO/HTM/TB/2013.2, 2020 update) — as each list says; docs/decisions/0060
 * records the choice.
 */
import { GENDERS, YES_NO } from './volunteers';

export const SEXES = GENDERS;

/** SPEC.md §3: regimens numbered 1 to 9, as the form shows them. */
export const TREATMENT_REGIMENS = [
  '1. LTR',
  '2. OSSTR',
  '3. OLTR',
  '4. BPal',
  '5. BPalM',
  '6. individualized MDR',
  '7. individualized Pre-XDR',
  '8. XDR',
  '9. Other',
] as const;
export type TreatmentRegimen = (typeof TREATMENT_REGIMENS)[number];
/** The regimen that asks for its name in treatment_regimen_other. */
export const REGIMEN_OTHER: TreatmentRegimen = '9. Other';

/** A patient's status: 1 active, 0 in trash (GET patients?status=0 lists the trash). */
export const PATIENT_STATUS = { active: 1, trash: 0 } as const;

// ---- Investigations -------------------------------------------------------------------------

export const DONE_NOT_DONE = ['Done', 'Not Done'] as const;
export type DoneNotDone = (typeof DONE_NOT_DONE)[number];

/** Smear grades of the AFB microscopy register (SPEC.md §3 sputum grades). */
export const SPUTUM_GRADES = ['0', 'Scanty', '+', '++', '+++'] as const;

/** Chest X-ray reading as the presumptive TB register records it. */
export const CHEST_XRAY_RESULTS = ['Suggestive of TB', 'Not suggestive of TB'] as const;

/**
 * Xpert MTB/RIF (and Ultra) results with the register's letter codes: T, RR, TI, N, I
 * (WHO consolidated guidelines, module 3: diagnosis).
 */
export const GENE_XPERT_RESULTS = [
  'T: MTB detected, Rif resistance not detected',
  'RR: MTB detected, Rif resistance detected',
  'TI: MTB detected, Rif resistance indeterminate',
  'TT: MTB detected trace, Rif resistance indeterminate',
  'N: MTB not detected',
  'I: Invalid / No result / Error',
] as const;

/** Truenat MTB / MTB-RIF Dx results, coded like Xpert's. */
export const TRUENAT_RESULTS = [
  'MTB detected, Rif resistance not detected',
  'MTB detected, Rif resistance detected',
  'MTB detected, Rif resistance indeterminate',
  'MTB not detected',
  'Invalid / No result / Error',
] as const;

/** Culture register results (solid or liquid media). */
export const SPUTUM_CULTURE_RESULTS = ['Positive (MTB complex)', 'Negative', 'NTM', 'Contaminated'] as const;

/** SPEC.md §3 resistance types, plus the susceptible result a DST can have. */
export const DRUG_SUSCEPTIBILITY_RESULTS = [
  'Susceptible to all',
  'H',
  'R',
  'Z',
  'E',
  'S',
  'Multi Drug',
  'Poly',
] as const;

export const FNAC_RESULTS = ['Consistent with TB', 'Not consistent with TB', 'Inconclusive'] as const;
export const AFB_SEEN_NOT = ['Seen', 'Not seen'] as const;
export const TST_CONCLUSIONS = ['Positive', 'Negative'] as const;

/**
 * The investigation kinds of SPEC.md §7, as the update path names them (`/{kind}/{id}`), with the
 * section label of the investigation screen (SPEC.md §2).
 */
export const INVESTIGATION_KINDS = [
  'sputum',
  'chest-XRay',
  'gene-Xpert',
  'truenat',
  'FNAC',
  'tuberculin-skin',
  'sputum-culture',
  'drug-susceptibility',
  'other-investigation',
] as const;
export type InvestigationKind = (typeof INVESTIGATION_KINDS)[number];

export const INVESTIGATION_LABELS: Record<InvestigationKind, string> = {
  sputum: 'Sputum',
  'chest-XRay': 'Chest X-Ray',
  'gene-Xpert': 'Gene Xpert',
  truenat: 'Truenat',
  FNAC: 'FNAC',
  'tuberculin-skin': 'Tuberculin Skin',
  'sputum-culture': 'Sputum Culture',
  'drug-susceptibility': 'Drug Sensitivity',
  'other-investigation': 'Other Investigation',
};

// ---- TB conclusion --------------------------------------------------------------------------

/** SPEC.md §3 TB type. */
export const TB_STATUSES = ['TB', 'No TB', 'DRTB'] as const;
export const NO_TB = 'No TB';

/**
 * What happened after diagnosis (presumptive TB register's "action taken"). The first two show
 * and send the detailed fields (SPEC.md §4 TB conclusion).
 */
export const TREATMENT_STATUSES = [
  'Received TB Treatment',
  'Refer to other Township',
  'Not yet started treatment',
  'Died before treatment',
  'Lost before treatment',
] as const;
export const TREATED_STATUSES: readonly string[] = ['Received TB Treatment', 'Refer to other Township'];

/** Form values of the defined TB type (site × confirmation); the dashboard groups them as Pulmonary_BC and so on. */
export const DEFINED_TB_TYPES = ['Pulmonary BC', 'Extra Pulmonary BC', 'Pulmonary CD', 'Extra Pulmonary CD'] as const;
/** Extra-pulmonary types name their site in defined_TB_type_other. */
export const EXTRA_PULMONARY_TYPES: readonly string[] = ['Extra Pulmonary BC', 'Extra Pulmonary CD'];

/** SPEC.md §3 previous treatment history, as in the form (spelling kept). */
export const TYPES_OF_TB_PATIENT = ['New', 'Releapse', 'failure', 'loss to follow up', 'other', 'unknown'] as const;
export const SMOKING_STATUSES = ['Past', 'Never', 'Current'] as const;
export const DM_STATUSES = ['Yes', 'No', 'Unknown'] as const;
export const HIV_RESULTS = ['Reactive', 'Non-Reactive'] as const;
export const CPT_STATUSES = YES_NO;
/** ART is for people living with HIV: a Non-Reactive result leaves only 'Not applicable' (SPEC.md §4). */
export const ART_STATUSES = ['Yes', 'No', 'Not applicable'] as const;
export const ART_STATUSES_NON_REACTIVE = ['Not applicable'] as const;

/** SPEC.md §3 treatment outcomes: the WHO definitions plus the programme's two. */
export const TREATMENT_OUTCOMES = [
  'Cured',
  'Treatment Complete',
  'Treatment Failure',
  'Died',
  'Lost to Follow up',
  'Not Evaluated',
  'Move To second line Treatment',
  'Unable to continue VOT',
] as const;

// ---- VOT eligibility and acceptance ----------------------------------------------------------

/** Why a patient is not eligible: the exclusion criteria and unmet inclusion criteria of the dashboard table (SPEC.md §1). */
export const VOT_NOT_ELIGIBLE_REASONS = [
  'No suitable smartphone or internet access',
  'Not able to use a smartphone',
  'Cannot communicate with the volunteer or field officer',
  'Cannot identify each medication',
  'Adherence issues',
  'Under 18 without an adult',
  'Not recommended for VOT by a provider',
  'Disability preventing participation',
] as const;

/** Why a patient declines VOT: the VOT report's group 4 columns (family, privacy, others). */
export const VOT_NOT_ACCEPT_REASONS = ['Family does not agree', 'Privacy concern', 'Others (Specify)'] as const;
export const VOT_REASON_OTHER = 'Others (Specify)';

/**
 * The patient lists of SPEC.md §2/§4 and the query flag each sends to GET patients. The server
 * defines each category (api/src/routes/patients), so counts, lists and exports agree.
 */
export const PATIENT_CATEGORIES = {
  tb: 'TB_patient',
  noSpCode: 'NO_SP_CODE',
  noDot: 'no_DOT',
  eligible: 'VOT_eligible',
  screened: 'screened',
  acceptable: 'VOT_accept',
  declined: 'VOT_declined',
  clinic: 'clinic',
  trash: 'trash',
  // The VOT Status lists send two flags each: VOT_STATUS_QUERIES (domain/vot.ts) has their whole query.
  pure: 'pure_or_hybrid',
  pureWithVolunteer: 'DOT_with_volunteer',
  pureWithoutVolunteer: 'DOT_with_no_volunteer',
  hybrid: 'pure_or_hybrid',
  // The dose ledger's early warning (domain/ledger.ts), a VOT Status menu item of mfe-vot.
  missedDoses: 'missed_doses',
} as const;
export type PatientCategory = keyof typeof PATIENT_CATEGORIES;
