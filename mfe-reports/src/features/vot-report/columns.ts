import type { ColumnGroup, GroupedColumn } from '@vot/shared/lists';
import { shareOf, type AgeSexCounts, type BandCount, type VotReportRow } from '@vot/shared/schemas';

/**
 * The VOT report's columns (SPEC.md §3 "VOT report row"), grouped as on the paper form: the screen's
 * table and the 'VOT-Report' spreadsheet are both made from this one declaration.
 */
type Column = GroupedColumn<VotReportRow>;

const key = (header: string, value: (r: VotReportRow) => string): ColumnGroup<VotReportRow> => ({
  header,
  columns: [{ header, value }],
});
const count = (header: string, value: (r: VotReportRow) => number): Column => ({ header, value, total: 'sum' });

const ageSex = (header: string, of: (r: VotReportRow) => AgeSexCounts): ColumnGroup<VotReportRow> => ({
  header,
  columns: [
    count('< 15 Male', (r) => of(r).under_15_male),
    count('< 15 Female', (r) => of(r).under_15_female),
    count('≥ 15 Male', (r) => of(r).from_15_male),
    count('≥ 15 Female', (r) => of(r).from_15_female),
    count('Total', (r) => of(r).total),
  ],
});

/** A missed-dose band: its count sums; its percentage in the totals is the summed count over the summed head count. */
const band = (label: string, of: (r: VotReportRow) => BandCount): Column[] => [
  count(`${label} (n)`, (r) => of(r).count),
  {
    header: `${label} (%)`,
    value: (r) => of(r).percent,
    total: (rows) =>
      shareOf(
        rows.reduce((s, r) => s + of(r).count, 0),
        rows.reduce((s, r) => s + r.missed_doses.head_count, 0),
      ),
  },
];

/** The key columns, frozen in the spreadsheet. */
export const KEY_COLUMNS = 5;

export const VOT_REPORT_COLUMNS: ColumnGroup<VotReportRow>[] = [
  key('Organization', (r) => r.organization),
  key('Region', (r) => r.region),
  key('Township', (r) => r.township),
  key('FY', (r) => r.fy),
  key('Quarter', (r) => r.quarter),
  ageSex('1. Screened', (r) => r.screened),
  ageSex('2. Eligible', (r) => r.eligible),
  ageSex('3. Enrolled', (r) => r.enrolled),
  {
    header: '4. Declined',
    columns: [
      count('Declined', (r) => r.declined.total),
      count('Family', (r) => r.declined.family),
      count('Privacy', (r) => r.declined.privacy),
      count('Others', (r) => r.declined.others),
    ],
  },
  { header: '5. Currently on VOT', columns: [count('5. Currently on VOT', (r) => r.on_vot)] },
  {
    header: '6. Missed Doses',
    columns: [
      count('Head Count', (r) => r.missed_doses.head_count),
      ...band('< 10%', (r) => r.missed_doses.under_10),
      ...band('10-50%', (r) => r.missed_doses.from_10_to_50),
      ...band('> 50%', (r) => r.missed_doses.over_50),
    ],
  },
  {
    header: '7. Stopped VOT',
    columns: [
      count('Total', (r) => r.stopped.total),
      count('Switch to family/in-person DOT', (r) => r.stopped.switch_to_family_dot),
      count('Deny VOT', (r) => r.stopped.deny_vot),
      count('Damage/losing phone', (r) => r.stopped.phone_damaged_or_lost),
      count('Technical issues', (r) => r.stopped.technical_issues),
      count('Internet connection problem', (r) => r.stopped.internet_problem),
      count('Others', (r) => r.stopped.others),
    ],
  },
  ageSex('8. Cured/Completed', (r) => r.cured_completed),
];
