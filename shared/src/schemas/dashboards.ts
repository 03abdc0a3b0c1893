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

/**
 * GET volunteer-dashboard. The profile (township, age, education) is of the active volunteers who
 * joined in the period: their first training's date, or the day they were entered when they have no
 * training yet (trash excluded).
 */
export interface VolunteerDashboard {
  total_volunteers: number;
  by_township: Series<'volunteers'>;
  by_age: Counts<'less_18' | 'between_18_30' | 'greater_30'>;
  by_education_status: Counts<'primary' | 'secondary' | 'higher'>;
  /** Active volunteers of the township with an own visit or video review, or a community activity, dated in the period. */
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
/** The regimen groups the stored regimens can fall in (REGIMEN_GROUP_OF), and Not recorded. */
export const REGIMEN_GROUP_KEYS = ['MDR', 'BPaL_BPaLM', 'Individualised', 'Other_regimen', 'Not_recorded'] as const;
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
/** The slice of a pie's patients without the answer it is drawn by. */
export const NOT_RECORDED = 'Not_recorded';
type WithNotRecorded<K extends readonly string[]> = Counts<K[number] | typeof NOT_RECORDED>;

/**
 * GET patient-dashboard (trash excluded). Each figure's date (docs/figures.md):
 * - total_patients: patients registered in the period, by their treatment start date, or the day
 *   they were entered when they have none (presumptive patients not started on treatment);
 * - the four pies: patients who started treatment in the period (treatment start date), each pie
 *   summing to them (`started_treatment`), with a Not recorded slice for those without the answer;
 * - case_founded_activities: community activities dated in the period.
 */
export interface PatientDashboard {
  total_patients: Counts<'total' | 'tb' | 'no_sp_code'>;
  /** People referred by activity in the period (community activities' referrals). */
  case_founded_activities: Counts<'communities'>;
  /** Patients with a treatment start date in the period: whom the four pies describe. */
  started_treatment: number;
  defined_TB_type: WithNotRecorded<typeof DEFINED_TB_TYPE_KEYS>;
  treatment_regimen: Counts<(typeof REGIMEN_GROUP_KEYS)[number]>;
  TB_patients_outcome: WithNotRecorded<typeof OUTCOME_KEYS>;
  type_of_TB_patient: WithNotRecorded<typeof TYPE_OF_TB_PATIENT_KEYS>;
}

/**
 * GET dot-status-dashboard: the active patients on TB treatment whose treatment started in the
 * period (their VOT start date when no treatment start was recorded), by where they are in VOT
 * today. The six figures are exclusive and sum to those patients.
 */
export interface DotStatusDashboard {
  /** On VOT (accepted, with a VOT start date, not ended) with a volunteer. */
  with_volunteers: number;
  /** On VOT, not ended, without a volunteer. */
  without_volunteers: number;
  /** VOT ended, with a conclusion other than 'Unable to continue VOT'. */
  VOT_completed: number;
  /** VOT ended as 'Unable to continue VOT' (the VOT report's group 7). */
  VOT_stopped: number;
  /** Not on VOT: not eligible or declined (the no-VOT list). */
  No_DOTs: number;
  /** No VOT decision yet: eligibility not answered, eligible without an answer to VOT Accept, or accepted without a VOT start. */
  awaiting_decision: number;
}

/** GET activity-dashboard: activities dated in the period, of the township's active volunteers and patients. */
export interface ActivityDashboard {
  /** Health education sessions. */
  hes: number;
  hes_with_month: Series<'hes'>;
  /** Doses taken: days observed by the dose ledger (api/src/ledger/sql.ts), of the township's active patients. */
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
 * The seven indicators of a volunteer's month (docs/decisions/0123-volunteer-indicators.md); the
 * definitions are VOLUNTEER_INDICATORS' `definition`, shown on the screen beside the figures. Each
 * counts what the volunteer did: indicators 1–4 their own visits (work 1) and reviews of the
 * patient's video (work 2) sent from the app, never the patient's own videos, supervisors' visits
 * or the records staff make on the web (no-app boxes, Create VOT).
 */
export const VOLUNTEER_INDICATORS = [
  {
    key: 'indicator_1',
    label: '1. Patients supported',
    definition:
      'Distinct patients the volunteer visited or whose video the volunteer reviewed in the period (own visits and video reviews sent from the app).',
  },
  {
    key: 'indicator_2',
    label: '2. Doses observed',
    definition: 'The volunteer’s own visits and video reviews in the period that record the dose as taken.',
  },
  {
    key: 'indicator_3',
    label: '3. Doses missed',
    definition: 'The volunteer’s own visits and video reviews in the period that record the dose as not taken.',
  },
  {
    key: 'indicator_4',
    label: '4. Visits recorded late',
    definition:
      'The volunteer’s own visits and video reviews in the period sent after their day (with a late remark); the patient’s own videos are not counted.',
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
  MDR: 'Standardised MDR/RR-TB regimen (LTR, OSSTR, OLTR)',
  BPaL_BPaLM: '6-month regimen (BPaL, BPaLM)',
  Individualised: 'Individualised regimen (MDR, pre-XDR, XDR)',
  Other_regimen: 'Other regimen',
  Not_recorded: 'Not recorded',
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
  with_volunteers: 'On VOT with a volunteer',
  without_volunteers: 'On VOT without a volunteer',
  VOT_completed: 'VOT completed',
  VOT_stopped: 'VOT stopped',
  No_DOTs: 'Not on VOT (not eligible or declined)',
  awaiting_decision: 'Awaiting a VOT decision',
  hes: 'Health education',
  take_medicines: 'Take medicines (doses taken)',
  cts: 'Contact tracing',
  svs: 'Supervision visits',
  ...Object.fromEntries(VOLUNTEER_INDICATORS.map((i) => [i.key, i.label])),
};

/**
 * The regimen group of each regimen the form records (SPEC.md §3, 1 to 9), by the WHO's DR-TB
 * treatment categories (WHO consolidated guidelines, module 4, 2022) as Myanmar NTP's DR-TB register
 * records them: standardised longer and shorter MDR/RR-TB regimens; the 6-month BPaL/BPaLM regimens;
 * individualised regimens (MDR, pre-XDR, XDR); Other. The spec's DS-TB groups (Initial, Retreatment,
 * Childhood, and "Modified Regimen", a DS-TB register category) cannot occur: the form records DR-TB
 * regimens only, so they are not drawn (docs/decisions/0122-regimen-groups.md, docs/figures.md).
 */
export const REGIMEN_GROUP_OF: Record<TreatmentRegimen, (typeof REGIMEN_GROUP_KEYS)[number]> = {
  '1. LTR': 'MDR',
  '2. OSSTR': 'MDR',
  '3. OLTR': 'MDR',
  '4. BPal': 'BPaL_BPaLM',
  '5. BPalM': 'BPaL_BPaLM',
  '6. individualized MDR': 'Individualised',
  '7. individualized Pre-XDR': 'Individualised',
  '8. XDR': 'Individualised',
  '9. Other': 'Other_regimen',
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
