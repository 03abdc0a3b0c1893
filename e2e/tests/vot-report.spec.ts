import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, shot, signIn, sidebar, test } from './fixtures';

/** The first quarter of FY26 (January–March 2026): the demo's accepted patients are its cohort. */
const START = '2026-01-01';
const END = '2026-03-31';

/** The report table's body rows and its totals row, as the text of each cell. */
async function screenCells(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'VOT Report' });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
  const totals = await table.locator('tfoot tr td').allTextContents();
  return [...rows, totals.map((t) => t.trim())];
}

async function runReport(page: Page) {
  await sidebar(page).getByRole('link', { name: 'VOT Report' }).click();
  await expect(page.getByRole('heading', { name: 'VOT Report' })).toBeVisible();
  await expect(page.getByLabel('End Date')).toBeDisabled();
  // Days typed as the console writes them; the calendar button opens the browser's own calendar.
  await expect(page.getByLabel('Start Date')).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  await page.getByRole('button', { name: 'Open calendar' }).first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Start Date').fill(START);
  await page.getByLabel('End Date').fill(END);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/VOT-Report\\?start_date=${START}&end_date=${END}$`));
  await expect(page.getByText(`Figures as of: ${END}`)).toBeVisible();
}

test('a MEAL officer runs the VOT report for a quarter and its spreadsheet says what the screen says', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await runReport(page);
  const shown = await screenCells(page);
  expect(shown.length).toBeGreaterThan(1);
  // The totals row's label sits in the Township column on screen (it stays in view, below), in the
  // first column in the spreadsheet (whose frozen panes hold every key column).
  expect(shown.at(-1)!.slice(0, 3)).toEqual(['', '', 'Total']);
  expect(shown.slice(0, -1).every((r) => r[3] === 'FY26' && r[4] === 'Q1')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('vot-report.png'), fullPage: true });

  // Township, FY and Quarter stay in view while the groups scroll sideways.
  const township = page.getByRole('table', { name: 'VOT Report' }).locator('thead th', { hasText: 'Township' });
  const before = (await township.boundingBox())!.x;
  // The table's own scrolling box (PrimeReact's wrapper inside the report's frame).
  const scroller = page.locator('.vot-grouped-table .p-datatable-wrapper');
  await scroller.evaluate((el) => (el.scrollLeft = 800));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(Math.round((await township.boundingBox())!.x)).toBeLessThanOrEqual(Math.round(before));
  await expect(township).toBeInViewport();
  await expect(
    page.getByRole('table', { name: 'VOT Report' }).locator('tfoot td', { hasText: 'Total' }),
  ).toBeInViewport();
  await shot(page, 'vot-report-scrolled');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('VOT-Report.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.getWorksheet('VOT-Report')!;
  // What the report is, then a blank row, then the paper form's header: groups over two rows, key
  // columns merged down, panes frozen under it.
  expect(sheet.getCell('A1').value).toBe('VOT Report');
  expect(sheet.getCell('A2').value).toBe(`Period: ${START} to ${END} (FY26Q1)`);
  expect(sheet.getCell('A3').value).toBe(`Figures as of: ${END}`);
  expect(String(sheet.getCell('A4').value)).toMatch(/^Generated: .+\(Asia\/Yangon\)$/);
  expect(String(sheet.getCell('A5').value)).toMatch(/^Fiscal year = calendar year \(January–December\)/);
  expect(sheet.getCell('A7').value).toBe('Organization');
  expect(sheet.getCell('A8').isMerged).toBe(true);
  expect(sheet.getCell('F7').value).toBe('1. Screened');
  expect(sheet.getCell('F8').value).toBe('< 15 Male');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 5, ySplit: 8 });
  const written: string[][] = [];
  for (let r = 9; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    written.push(Array.from({ length: shown[0]!.length }, (_, i) => String(row.getCell(i + 1).value ?? '')));
  }
  const totals = shown.at(-1)!;
  expect(written).toEqual([...shown.slice(0, -1), ['Total', '', '', ...totals.slice(3)]]);

  // One click away: the screened patients the report counts in no row, and why.
  await page.getByRole('link', { name: 'Patients the report counts in no row, and why' }).click();
  await expect(page.getByRole('heading', { name: 'Patients the VOT Report counts in no row' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await shot(page, 'vot-report-not-counted');
});

test("a Field Officer's VOT report has their townships only, and a bookmarked report opens with its dates", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/VOT-Report?start_date=${START}&end_date=${END}`);
  await expect(page.getByLabel('Start Date')).toHaveValue(START);
  await expect(page.getByText(`Figures as of: ${END}`)).toBeVisible();
  const townships = new Set((await screenCells(page)).slice(0, -1).map((r) => r[2]));
  expect(townships.size).toBeGreaterThan(0);
  expect([...townships].every((t) => t === 'Hlaingthaya' || t === 'Insein')).toBe(true);
});
