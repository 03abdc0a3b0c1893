import { REPORT_PERIODS } from './patients';

/**
 * The programme's fiscal year and quarters (SPEC.md §9: FY24Q1 to FY26Q4).
 *
 * The fiscal year starts in January (docs/decisions.md "VOT report"): FY24Q1 to FY26Q4 are exactly
 * the Global Fund's 2024–2026 grant cycle (the patients carry a Global Fund id), and the grant's and
 * WHO's TB reports count quarters of the calendar year. Myanmar's government year (April to March)
 * would leave January–March 2024 out of the list. A fiscal year is named after the calendar year it
 * ends in, so another start month is this one constant.
 */
export const FISCAL_YEAR_START_MONTH = 1;

/** Months to add to a date so that its calendar year and quarter are its fiscal year and quarter. */
export const FISCAL_MONTH_SHIFT = (13 - FISCAL_YEAR_START_MONTH) % 12;

export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The fiscal quarter of a yyyy-mm-dd day, as 'FY26Q4' (also for days outside REPORT_PERIODS). */
export function fiscalQuarterOf(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) + FISCAL_MONTH_SHIFT;
  const fy = Math.floor(months / 12);
  const q = Math.floor((months % 12) / 3) + 1;
  return `FY${String(fy % 100).padStart(2, '0')}Q${q}`;
}

/** First and last day (yyyy-mm-dd) of a fiscal quarter such as 'FY26Q4'. */
export function quarterDays(period: string): { start: string; end: string } {
  const match = /^FY(\d{2})Q([1-4])$/.exec(period);
  if (!match) throw new Error(`Not a fiscal quarter: ${period}`);
  const first = (2000 + Number(match[1])) * 12 + (Number(match[2]) - 1) * 3 - FISCAL_MONTH_SHIFT;
  const start = new Date(Date.UTC(Math.floor(first / 12), first % 12, 1));
  const end = new Date(Date.UTC(Math.floor(first / 12), (first % 12) + 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** The report's quarters (REPORT_PERIODS) that share at least one day with start..end. */
export function reportQuartersBetween(start: string, end: string): ReportPeriod[] {
  return REPORT_PERIODS.filter((period) => {
    const days = quarterDays(period);
    return days.start <= end && days.end >= start;
  });
}

/** 'FY26Q4' → { fy: 'FY26', quarter: 'Q4' }: the VOT report row's two columns. */
export function splitQuarter(period: string): { fy: string; quarter: string } {
  return { fy: period.slice(0, 4), quarter: period.slice(4) };
}
