import * as yup from 'yup';
import { dateRangeFilter } from './filters';

/**
 * GET VOT-report?start_date,end_date (SPEC.md §7): the report's filter and its rows (SPEC.md §3
 * "VOT report row"), declared once for the API, the screen and the spreadsheet. How each figure is
 * counted is written in docs/decisions/0091 and beside the query (api/src/routes/reports/vot-report).
 */
export const votReportFilterSchema = yup.object({ ...dateRangeFilter });
export type VotReportFilter = yup.InferType<typeof votReportFilterSchema>;

/** Patients of a group by age at the start of the row's quarter (< 15, ≥ 15) and sex. */
export interface AgeSexCounts {
  under_15_male: number;
  under_15_female: number;
  from_15_male: number;
  from_15_female: number;
  total: number;
}

/** A missed-dose band: patients in it and their share of the head count (percent, 2 decimals). */
export interface BandCount {
  count: number;
  percent: number;
}

export interface VotReportRow {
  /** The township's project: the organisation that runs VOT there. */
  organization: string;
  region: string;
  township_id: number;
  township: string;
  /** 'FY26' and 'Q4': the cohort quarter (the patient's Reporting Period). */
  fy: string;
  quarter: string;
  /** 1. Screened for VOT (VOT eligibility decided). */
  screened: AgeSexCounts;
  /** 2. Eligible for VOT. */
  eligible: AgeSexCounts;
  /** 3. Enrolled: accepted and started VOT by the end date. */
  enrolled: AgeSexCounts;
  /** 4. Declined VOT, with the reason (VOT_NOT_ACCEPT_REASONS). */
  declined: { total: number; family: number; privacy: number; others: number };
  /** 5. On VOT at the end date. */
  on_vot: number;
  /** 6. Enrolled patients with VOT days by the end date, by their share of missed days (the dose ledger). */
  missed_doses: { head_count: number; under_10: BandCount; from_10_to_50: BandCount; over_50: BandCount };
  /** 7. Stopped VOT (outcome 'Unable to continue VOT') by the end date, with the reason (VOT_STOP_REASONS). */
  stopped: {
    total: number;
    switch_to_family_dot: number;
    deny_vot: number;
    phone_damaged_or_lost: number;
    technical_issues: number;
    internet_problem: number;
    others: number;
  };
  /** 8. Cured or treatment completed (VOT outcome) by the end date. */
  cured_completed: AgeSexCounts;
}

/** The answer of GET VOT-report: the rows, the days they cover (the filter with its defaults) and when it was made. */
export interface VotReport {
  data: VotReportRow[];
  status: 'success';
  start_date: string;
  end_date: string;
  /** When the figures were read (ISO 8601): the report's "generated at". */
  generated_at: string;
}

/** `count` as a share of `of` in percent, 2 decimals (0 when there is nobody to share): the bands' percentages and their totals. */
export function shareOf(count: number, of: number): number {
  return of ? Math.round((count * 10000) / of) / 100 : 0;
}

/** Why a screened patient is in no row of the VOT report, whatever its dates (GET VOT-report-not-counted). */
export const NOT_COUNTED_REASONS = {
  no_quarter: 'No Reporting Period and no treatment start date: no cohort quarter',
  before_programme: 'Treatment started before FY24Q1 and no Reporting Period: a quarter before the report’s first',
} as const;
export type NotCountedReason = keyof typeof NOT_COUNTED_REASONS;

/** A patient the VOT report counts in no row (screened, active, in the user's townships), and why. */
export interface NotCountedPatient {
  id: number;
  name: string;
  township: string;
  SP_code: string | null;
  DRTB_code: string | null;
  report_period: string | null;
  treatment_start_date: string | null;
  VOT_eligible: string;
  reason: NotCountedReason;
}
