import * as yup from 'yup';
import { DEFINED_TB_TYPES, TREATMENT_OUTCOMES, TYPES_OF_TB_PATIENT, type TreatmentRegimen } from '../domain/patients';
import { dateRangeFilter, idFilter } from './filters';

/**
 * The dashboards of SPEC.md §7 "Reports and dashboards" and §3 "Dashboard data", declared once:
 * the query every dashboard call takes (the browser builds it from the URL, the API parses it with
 * `queryOf`), and what each call answers (the API's repository `satisfies` it, mfe-reports reads it).
 *
 * Two shapes carry every group, so one chart kit draws them all:
 * - `Counts`: a figure per category key (a pie or a column chart), e.g. `{ less_18: 3, … }`;
 * - `Series`: named points, each with a figure per key (columns by township, lines by month).
 * Category keys are the spec's API names; DASHBOARD_LABELS says how the screen writes them.
 */

/** township_id, start_date, end_date (SPEC.md §7); the dates follow §5's filter rules. */
export const dashboardQuery = yup.object({
  township_id: idFilter('Township'),
  ...dateRangeFilter,
});
export type DashboardQuery = yup.InferType<typeof dashboardQuery>;

/** volunteer-report-dashboard also takes volunteer_id: one volunteer's month, or every volunteer's. */
export const volunteerReportQuery = dashboardQuery.shape({ volunteer_id: idFilter('Volunteer') });
export type VolunteerReportQuery = yup.InferType<typeof volunteerReportQuery>;

export type Counts<K extends string = string> = Record<K, number>;
/** Points along an axis (a township, a month yyyy-mm), each with a figure per key. */
export type Series<K extends string = string> = { name: string; counts: Counts<K> }[];

/** GET volunteer-dashboard: active volunteers registered in the period (trash excluded). */
export interface VolunteerDashboard {
  total_volunteers: number;
  by_township: Series<'volunteers'>;
  by_age: Counts<'less_18' | 'between_18_30' | 'greater_30'>;
  by_education_status: Counts<'primary' | 'secondary' | 'higher'>;
  /** Active volunteers of the township with a visit record or a community activity dated in the period. */
  reported_volunteers: number;
  /** Active volunteers of the township with a training dated in the period. */
  trained_volunteer: number;
}

export const DEFINED_TB_TYPE_KEYS = [
  'Pulmonary_BC',
  'Extra_Pulmonary_BC',
  'Pulmonary_CD',
  'Extra_Pulmonary_CD',
] as const;
export const TYPE_OF_TB_PATIENT_KEYS = [
  'New',
  'Releapse',
  'Treatment_after_failure',
  'Treatment_after_loss_to_follow_up',
  'Other_previously_treated',
  'Previous_treatment_history_unknown',
] as const;
export const REGIMEN_GROUP_KEYS = ['IR', 'RR', 'CR', 'MDR', 'Modified_Regimen'] as const;
export const OUTCOME_KEYS = [
  'Cured',
  'Treatment_Complete',
  'Treatment_Failure',
  'Died',
  'Lost_to_Follow_up',
  'Not_Evaluated',
  'Move_To_second_line_Treatment',
  'Unable_to_continue_VOT',
] as const;

/** GET patient-dashboard: active patients registered in the period (trash excluded). */
export interface PatientDashboard {
  total_patients: Counts<'total' | 'tb' | 'no_sp_code'>;
  /** People referred by activity in the period (community activities' referrals). */
  case_founded_activities: Counts<'communities'>;
  defined_TB_type: Counts<(typeof DEFINED_TB_TYPE_KEYS)[number]>;
  treatment_regimen: Counts<(typeof REGIMEN_GROUP_KEYS)[number]>;
  TB_patients_outcome: Counts<(typeof OUTCOME_KEYS)[number]>;
  type_of_TB_patient: Counts<(typeof TYPE_OF_TB_PATIENT_KEYS)[number]>;
}

/** GET dot-status-dashboard: active patients registered in the period, by where they are in VOT. */
export interface DotStatusDashboard {
  /** On VOT (accepted, with a VOT start date) with a volunteer. */
  with_volunteers: number;
  /** On VOT without a volunteer. */
  without_volunteers: number;
  /** Not on VOT: not eligible or declined (the no-VOT list). */
  No_DOTs: number;
}

/** GET activity-dashboard: activities dated in the period, of the township's active volunteers and patients. */
export interface ActivityDashboard {
  /** Health education sessions. */
  hes: number;
  hes_with_month: Series<'hes'>;
  /** Visit records (doses taken under observation, any work code). */
  take_medicines: number;
  take_medicines_with_month: Series<'take_medicines'>;
  /** Contact tracing visits. */
  cts: number;
  cts_with_month: Series<'cts'>;
  /** Supervision visits. */
  svs: number;
  /** Community activities. */
  communities: number;
  communities_with_month: Series<'communities'>;
}

/**
 * The seven indicators of a volunteer's month (docs/decisions.md "Monthly volunteer report"); the
 * definitions are VOLUNTEER_INDICATORS' `definition`, shown on the screen beside the figures.
 */
export const VOLUNTEER_INDICATORS = [
  {
    key: 'indicator_1',
    label: '1. Patients supported',
    definition: 'Distinct patients with at least one visit record by the volunteer in the period.',
  },
  {
    key: 'indicator_2',
    label: '2. Doses observed',
    definition: 'Visit records by the volunteer in the period whose work was achieved (work status success).',
  },
  {
    key: 'indicator_3',
    label: '3. Doses missed',
    definition: 'Visit records by the volunteer in the period marked not achieved (work status not success).',
  },
  {
    key: 'indicator_4',
    label: '4. Visits recorded late',
    definition: 'Visit records by the volunteer in the period that carry a late remark (sent after the day).',
  },
  {
    key: 'indicator_5',
    label: '5. Community activities',
    definition: 'Community activities of the volunteer dated in the period.',
  },
  {
    key: 'indicator_6',
    label: '6. People referred',
    definition: 'People (male plus female) referred in the volunteer’s community activities in the period.',
  },
  {
    key: 'indicator_7',
    label: '7. Trainings attended',
    definition: 'Trainings (On Job, New, Refresher) the volunteer attended in the period.',
  },
] as const;
export type IndicatorKey = (typeof VOLUNTEER_INDICATORS)[number]['key'];
export type Indicators = Counts<IndicatorKey>;

/** GET volunteer-report-dashboard: the indicators in total, by township and by month (yyyy-mm). */
export interface VolunteerReportDashboard {
  total_result: Indicators;
  total_with_township_result: Series<IndicatorKey>;
  total_with_month_year_result: Series<IndicatorKey>;
}

/** How the screen names the category keys of the groups above. */
/** The five calls of SPEC.md §7 "Reports and dashboards", by name, and what each answers (mfe-reports' pages, the shell's home cards). */
export interface DashboardAnswers {
  'volunteer-dashboard': VolunteerDashboard;
  'patient-dashboard': PatientDashboard;
  'dot-status-dashboard': DotStatusDashboard;
  'activity-dashboard': ActivityDashboard;
  'volunteer-report-dashboard': VolunteerReportDashboard;
}
export type DashboardCall = keyof DashboardAnswers;

export const DASHBOARD_LABELS: Record<string, string> = {
  volunteers: 'Volunteers',
  less_18: 'Under 18',
  between_18_30: '18 to 30',
  greater_30: 'Over 30',
  primary: 'Primary',
  secondary: 'Secondary',
  higher: 'Higher',
  reported_volunteers: 'Reported volunteers',
  trained_volunteer: 'Trained volunteers',
  total: 'All patients',
  tb: 'With SP code (TB)',
  no_sp_code: 'Without SP code',
  communities: 'Community activities',
  Pulmonary_BC: 'Pulmonary BC',
  Extra_Pulmonary_BC: 'Extra Pulmonary BC',
  Pulmonary_CD: 'Pulmonary CD',
  Extra_Pulmonary_CD: 'Extra Pulmonary CD',
  IR: 'Initial Regimen (IR)',
  RR: 'Retreatment Regimen (RR)',
  CR: 'Childhood Regimen (CR)',
  MDR: 'MDRTB Regimen (MDR)',
  Modified_Regimen: 'Modified Regimen',
  Cured: 'Cured',
  Treatment_Complete: 'Treatment Complete',
  Treatment_Failure: 'Treatment Failure',
  Died: 'Died',
  Lost_to_Follow_up: 'Lost to Follow up',
  Not_Evaluated: 'Not Evaluated',
  Move_To_second_line_Treatment: 'Move To second line Treatment',
  Unable_to_continue_VOT: 'Unable to continue VOT',
  New: 'New',
  Releapse: 'Releapse',
  Treatment_after_failure: 'Treatment after failure',
  Treatment_after_loss_to_follow_up: 'Treatment after loss to follow up',
  Other_previously_treated: 'Other previously treated',
  Previous_treatment_history_unknown: 'Previous treatment history unknown',
  with_volunteers: 'With volunteers',
  without_volunteers: 'Without volunteers',
  No_DOTs: 'No VOT',
  hes: 'Health education',
  take_medicines: 'Take medicines (visit records)',
  cts: 'Contact tracing',
  svs: 'Supervision visits',
  ...Object.fromEntries(VOLUNTEER_INDICATORS.map((i) => [i.key, i.label])),
};

/**
 * Which dashboard group each stored value falls in. The registration form offers the DR-TB
 * regimens only (SPEC.md §3, 1 to 9); the dashboard's groups include the DS-TB ones (IR, RR, CR),
 * which no stored regimen maps to yet: they show 0 until the form records DS-TB regimens.
 * Standardised MDR-TB regimens (longer and shorter, and the individualised MDR) are MDR; the
 * regimens modified for resistance beyond MDR (BPaL, BPaLM, pre-XDR, XDR) and "Other" are Modified.
 */
export const REGIMEN_GROUP_OF: Record<TreatmentRegimen, (typeof REGIMEN_GROUP_KEYS)[number]> = {
  '1. LTR': 'MDR',
  '2. OSSTR': 'MDR',
  '3. OLTR': 'MDR',
  '4. BPal': 'Modified_Regimen',
  '5. BPalM': 'Modified_Regimen',
  '6. individualized MDR': 'MDR',
  '7. individualized Pre-XDR': 'Modified_Regimen',
  '8. XDR': 'Modified_Regimen',
  '9. Other': 'Modified_Regimen',
};

/** The form's previous treatment history (SPEC.md §3) as the dashboard's types of TB patient. */
export const TYPE_OF_TB_PATIENT_OF: Record<
  (typeof TYPES_OF_TB_PATIENT)[number],
  (typeof TYPE_OF_TB_PATIENT_KEYS)[number]
> = {
  New: 'New',
  Releapse: 'Releapse',
  failure: 'Treatment_after_failure',
  'loss to follow up': 'Treatment_after_loss_to_follow_up',
  other: 'Other_previously_treated',
  unknown: 'Previous_treatment_history_unknown',
};

/** The form's defined TB types as the dashboard's keys. */
export const DEFINED_TB_TYPE_OF: Record<(typeof DEFINED_TB_TYPES)[number], (typeof DEFINED_TB_TYPE_KEYS)[number]> = {
  'Pulmonary BC': 'Pulmonary_BC',
  'Extra Pulmonary BC': 'Extra_Pulmonary_BC',
  'Pulmonary CD': 'Pulmonary_CD',
  'Extra Pulmonary CD': 'Extra_Pulmonary_CD',
};

/** Treatment outcomes as the dashboard's keys. */
export const OUTCOME_OF: Record<(typeof TREATMENT_OUTCOMES)[number], (typeof OUTCOME_KEYS)[number]> = {
  Cured: 'Cured',
  'Treatment Complete': 'Treatment_Complete',
  'Treatment Failure': 'Treatment_Failure',
  Died: 'Died',
  'Lost to Follow up': 'Lost_to_Follow_up',
  'Not Evaluated': 'Not_Evaluated',
  'Move To second line Treatment': 'Move_To_second_line_Treatment',
  'Unable to continue VOT': 'Unable_to_continue_VOT',
};
