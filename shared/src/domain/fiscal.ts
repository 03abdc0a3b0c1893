import { todayIn } from './dates';

/**
 * The programme's fiscal year and quarters, and the choices that follow the calendar: the Reporting
 * Periods and registration years (docs/decisions/0120-periods-follow-the-calendar.md).
 *
 * The fiscal year starts in January (docs/decisions/0090): the Global Fund's grant cycle
 * that funds VOT and WHO's TB cohorts count quarters of the calendar year. A fiscal year is named
 * after the calendar year it ends in, so another start month is this one constant.
 */
export const FISCAL_YEAR_START_MONTH = 1;

/** The convention in words, written once on the VOT report's screen and in its spreadsheet. */
export const FISCAL_YEAR_CONVENTION =
  'Fiscal year = calendar year (January–December): FY26 is January–December 2026; Q1 is January–March, Q2 April–June, Q3 July–September, Q4 October–December.';

/** Months to add to a date so that its calendar year and quarter are its fiscal year and quarter. */
export const FISCAL_MONTH_SHIFT = (13 - FISCAL_YEAR_START_MONTH) % 12;

/** The programme's first reporting quarter (SPEC.md §9 lists the quarters from FY24Q1). */
export const PROGRAMME_FIRST_QUARTER = 'FY24Q1';
/** The first registration year (SPEC.md §9 lists the years from 2020). */
export const PROGRAMME_FIRST_YEAR = 2020;

/** A fiscal quarter, as 'FY26Q4'. */
export type ReportPeriod = string;
const QUARTER = /^FY(\d{2})Q([1-4])$/;

/** Months since year 0 of a quarter's first month, by the fiscal calendar. */
function quarterIndex(period: string): number {
  const match = QUARTER.exec(period);
  if (!match) throw new Error(`Not a fiscal quarter: ${period}`);
  return (2000 + Number(match[1])) * 4 + Number(match[2]) - 1;
}
const quarterName = (index: number) => `FY${String(Math.floor(index / 4) % 100).padStart(2, '0')}Q${(index % 4) + 1}`;

/** The fiscal quarter of a yyyy-mm-dd day, as 'FY26Q4'. */
export function fiscalQuarterOf(day: string): ReportPeriod {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) + FISCAL_MONTH_SHIFT;
  return quarterName(Math.floor(months / 3));
}

/** First and last day (yyyy-mm-dd) of a fiscal quarter such as 'FY26Q4'. */
export function quarterDays(period: ReportPeriod): { start: string; end: string } {
  const first = quarterIndex(period) * 3 - FISCAL_MONTH_SHIFT;
  const start = new Date(Date.UTC(Math.floor(first / 12), first % 12, 1));
  const end = new Date(Date.UTC(Math.floor(first / 12), (first % 12) + 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** Every quarter from `first` to `last`, both included (none when last is before first). */
function quartersFromTo(first: ReportPeriod, last: ReportPeriod): ReportPeriod[] {
  const from = quarterIndex(first);
  return Array.from({ length: Math.max(0, quarterIndex(last) - from + 1) }, (_, i) => quarterName(from + i));
}

/** The first day of the programme's first quarter: the earliest day a report can cover. */
export const PROGRAMME_FIRST_DAY = quarterDays(PROGRAMME_FIRST_QUARTER).start;

/**
 * The Reporting Period choices on `today` (Asia/Yangon): the programme's first quarter to the quarter
 * after today's (a patient found after a quarter's report was sent is reported in the next one).
 */
export function reportPeriods(today: string = todayIn()): ReportPeriod[] {
  return quartersFromTo(PROGRAMME_FIRST_QUARTER, quarterName(quarterIndex(fiscalQuarterOf(today)) + 1));
}

/** The registration years on `today` (Asia/Yangon): the first year to next year (a register opened in late December). */
export function patientYears(today: string = todayIn()): number[] {
  const last = Number(today.slice(0, 4)) + 1;
  return Array.from({ length: last - PROGRAMME_FIRST_YEAR + 1 }, (_, i) => PROGRAMME_FIRST_YEAR + i);
}

/** The report's quarters sharing at least one day with start..end, from the programme's first quarter on. */
export function reportQuartersBetween(start: string, end: string): ReportPeriod[] {
  if (end < PROGRAMME_FIRST_DAY || end < start) return [];
  return quartersFromTo(
    fiscalQuarterOf(start < PROGRAMME_FIRST_DAY ? PROGRAMME_FIRST_DAY : start),
    fiscalQuarterOf(end),
  );
}

/** 'FY26Q4' → { fy: 'FY26', quarter: 'Q4' }: the VOT report row's two columns. */
export function splitQuarter(period: ReportPeriod): { fy: string; quarter: string } {
  return { fy: period.slice(0, 4), quarter: period.slice(4) };
}
