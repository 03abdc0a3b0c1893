import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, todayIn } from '@vot/shared/domain';
import type { AgeSexCounts, VotReport, VotReportRow } from '@vot/shared/schemas';
import { fakeApi, notices, openWorkbook, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { votReportApi } from './vot-report.api';
import VotReportPage from './VotReportPage';

const PATH = '/admin/VOT-Report';
const ageSex = (
  under_15_male: number,
  under_15_female: number,
  from_15_male: number,
  from_15_female: number,
): AgeSexCounts => ({
  under_15_male,
  under_15_female,
  from_15_male,
  from_15_female,
  total: under_15_male + under_15_female + from_15_male + from_15_female,
});
const row = (township: string, quarter: string, over: Partial<VotReportRow> = {}): VotReportRow => ({
  organization: 'MDR-TB',
  region: 'Yangon',
  township_id: township === 'Insein' ? 2 : 1,
  township,
  fy: 'FY26',
  quarter,
  screened: ageSex(0, 1, 2, 2),
  eligible: ageSex(0, 1, 2, 1),
  enrolled: ageSex(0, 1, 1, 0),
  declined: { total: 2, family: 1, privacy: 0, others: 1 },
  on_vot: 1,
  missed_doses: {
    head_count: 2,
    under_10: { count: 1, percent: 50 },
    from_10_to_50: { count: 0, percent: 0 },
    over_50: { count: 1, percent: 50 },
  },
  stopped: {
    total: 1,
    switch_to_family_dot: 0,
    deny_vot: 0,
    phone_damaged_or_lost: 0,
    technical_issues: 1,
    internet_problem: 0,
    others: 0,
  },
  cured_completed: ageSex(0, 1, 0, 0),
  ...over,
});
const REPORT: VotReport = {
  status: 'success',
  start_date: '2026-01-01',
  end_date: '2026-06-30',
  // 07:30 on 1 July 2026 in Yangon.
  generated_at: '2026-07-01T01:00:00.000Z',
  data: [
    row('Hlaingthaya', 'Q1'),
    row('Insein', 'Q1', {
      missed_doses: {
        head_count: 1,
        under_10: { count: 0, percent: 0 },
        from_10_to_50: { count: 0, percent: 0 },
        over_50: { count: 1, percent: 100 },
      },
    }),
  ],
};

let api: jest.MaybeMocked<typeof votReportApi>;
beforeEach(() => {
  signInAs('MEAL and Digital Tool Officer');
  api = fakeApi(votReportApi);
  api.load.mockResolvedValue(REPORT);
});

const open = (url = PATH) => renderRoutes({ [PATH]: VotReportPage }, url);

describe('VOT Report', () => {
  it('keeps the End Date disabled until a Start Date, and searches no end before the start nor a day after today', async () => {
    open();
    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date');
    expect(end).toBeDisabled();
    await userEvent.type(start, '2026-01-01');
    expect(end).toBeEnabled();
    // Nothing is asked before Search.
    expect(api.load).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a Start Date and an End Date, then Search.')).toBeInTheDocument();
    await userEvent.type(end, '2025-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('End Date must not be before Start Date!');
    await userEvent.clear(end);
    await userEvent.type(end, addDays(todayIn(), 1));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('End Date may not be after today!');
    expect(api.load).not.toHaveBeenCalled();
  });

  it('writes the dates into the URL on Search and shows the rows with their totals', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Start Date'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('End Date'), '2026-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`${PATH}?start_date=2026-01-01&end_date=2026-06-30`);
    await waitFor(() => expect(api.load).toHaveBeenCalledWith({ start_date: '2026-01-01', end_date: '2026-06-30' }));
    const table = await screen.findByRole('table', { name: 'VOT Report' });
    expect(within(table).getByText('Hlaingthaya')).toBeInTheDocument();
    expect(within(table).getByText('1. Screened')).toBeInTheDocument();
    expect(within(table).getByText('6. Missed Doses')).toBeInTheDocument();
    // The totals row: Total in the Township column, which stays in view when the table scrolls
    // sideways (Organization and Region scroll away), then the head count 3 and the > 50 % share 2 of 3.
    const totals = table.querySelector('tfoot tr')!;
    const cells = [...totals.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['', '', 'Total']);
    const stylesheet = readFileSync(join(__dirname, 'VotReport.css'), 'utf8');
    expect(stylesheet).toMatch(/p-datatable-tfoot > tr > td:nth-child\(3\) \{\s*position: sticky;/);
    expect(cells).toContain('66.67');
    // What the report is: its period and quarters, as of when, when made, the fiscal year once.
    const about = screen.getByRole('list', { name: 'About this report' });
    expect(about).toHaveTextContent('Period: 2026-01-01 to 2026-06-30 (FY26Q1 to FY26Q2)');
    expect(about).not.toHaveTextContent('Fiscal year');
    expect(about).toHaveTextContent('Figures as of: 2026-06-30');
    expect(about).toHaveTextContent('Generated: 1 Jul 2026, 07:30 (Asia/Yangon)');
    expect(screen.getAllByText(/Fiscal year = calendar year \(January–December\)/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Patients the report counts in no row, and why' })).toHaveAttribute(
      'href',
      '/admin/VOT-Report/not-counted',
    );
    expect(screen.getByRole('link', { name: 'What each figure counts' })).toHaveAttribute(
      'href',
      '/admin/figure-definitions',
    );
  });

  it('opens a bookmarked report from its URL', async () => {
    open(`${PATH}?start_date=2026-04-01&end_date=2026-06-30`);
    await waitFor(() => expect(api.load).toHaveBeenCalledWith({ start_date: '2026-04-01', end_date: '2026-06-30' }));
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-04-01');
    expect(await screen.findByText('Insein')).toBeInTheDocument();
  });

  it("exports 'VOT-Report' with its heading rows, the grouped two-row header, frozen panes and the totals", async () => {
    const downloads = recordDownloads();
    open(`${PATH}?start_date=2026-01-01&end_date=2026-06-30`);
    await screen.findByText('Insein');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('VOT-Report.xlsx');
    const book = await openWorkbook(downloads[0]!.blob);
    const sheet = book.getWorksheet('VOT-Report')!;
    expect([1, 2, 3, 4, 5].map((r) => sheet.getCell(`A${r}`).value)).toEqual([
      'VOT Report',
      'Period: 2026-01-01 to 2026-06-30 (FY26Q1 to FY26Q2)',
      'Figures as of: 2026-06-30',
      'Generated: 1 Jul 2026, 07:30 (Asia/Yangon)',
      expect.stringMatching(/^Fiscal year = calendar year \(January–December\)/),
    ]);
    // A blank row, then the header (rows 7 and 8).
    expect(sheet.getCell('A7').value).toBe('Organization');
    expect(sheet.getCell('F7').value).toBe('1. Screened');
    expect(sheet.getCell('F8').value).toBe('< 15 Male');
    expect(sheet.getCell('A7').isMerged && sheet.getCell('A8').isMerged).toBe(true);
    expect(sheet.getCell('J7').isMerged).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 5, ySplit: 8 });
    expect(sheet.getRow(9).getCell(3).value).toBe('Hlaingthaya');
    expect(sheet.getRow(11).getCell(1).value).toBe('Total');
    expect(sheet.getRow(11).getCell(10).value).toBe(10); // screened, total: 5 + 5
    expect(notices()).toEqual([]);
    // exceljs is fetched at the first export: slow on a shared machine.
  }, 30_000);

  it('shows a failed report with Retry', async () => {
    api.load.mockRejectedValueOnce(new Error('offline'));
    open(`${PATH}?start_date=2026-01-01`);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hlaingthaya')).toBeInTheDocument();
  });
});
