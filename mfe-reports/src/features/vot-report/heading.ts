import { FISCAL_YEAR_CONVENTION, reportQuartersBetween } from '@vot/shared/domain';
import type { VotReport } from '@vot/shared/schemas';

export const VOT_REPORT_TITLE = 'VOT Report';

/** A moment (ISO 8601) in the programme's timezone. */
export const inYangon = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Yangon', dateStyle: 'medium', timeStyle: 'short' })} (Asia/Yangon)`;

/** The report's period in words: its days and the quarters they choose. */
export function periodOf(report: Pick<VotReport, 'start_date' | 'end_date'>): string {
  const quarters = reportQuartersBetween(report.start_date, report.end_date);
  const named = quarters.length > 1 ? `${quarters[0]} to ${quarters.at(-1)}` : (quarters[0] ?? 'no quarter');
  return `${report.start_date} to ${report.end_date} (${named})`;
}

/**
 * What the report says of itself, on screen and in the spreadsheet's first rows, written once:
 * title, period, the day its figures are counted as of, when it was made, the fiscal-year convention.
 */
export function reportHeading(report: VotReport): string[] {
  return [
    VOT_REPORT_TITLE,
    `Period: ${periodOf(report)}`,
    `Figures as of: ${report.end_date}`,
    `Generated: ${inYangon(report.generated_at)}`,
    FISCAL_YEAR_CONVENTION,
  ];
}
