import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ACCOUNTS, expect, shot, signIn, test, today } from './fixtures';

const START = '2025-01-01';

/** Each dashboard: its path, heading and the charts it draws (its declaration in mfe-reports). */
const DASHBOARDS = [
  {
    path: '/admin/volunteer-virtualization',
    heading: 'Volunteer Dashboard',
    charts: [
      'Volunteers by township',
      'Volunteers by age',
      'Volunteers by education',
      'Reported and trained volunteers',
    ],
  },
  {
    path: '/admin/patient-virtualization',
    heading: 'Patient Dashboard',
    charts: [
      'Patients',
      'Case finding by activity (people referred)',
      'Defined TB type',
      'Treatment regimen',
      'TB patients outcome',
      'Type of TB patient',
    ],
  },
  { path: '/admin/dot-status-virtualization', heading: 'VOT Status Dashboard', charts: ['VOT status'] },
  {
    path: '/admin/activity-virtualization',
    heading: 'Activity Dashboard',
    charts: ['Activities', 'Health education by month', 'Take medicines by month'],
  },
  {
    path: '/admin/monthly-volunteer-report-visualization',
    heading: 'Monthly Volunteer Report',
    charts: ['Indicators', 'Indicators by township', 'Indicators by month'],
  },
];

const search = (page: Page) => page.getByRole('search');

async function chooseTownship(page: Page, name: string) {
  await search(page)
    .locator('.p-dropdown', { has: page.locator('input[aria-label="Township"]') })
    .click();
  const filter = page.locator('.p-dropdown-filter');
  if (await filter.isVisible()) await filter.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/** A chart as Highcharts drew it (an SVG inside the card's figure). */
const chart = (page: Page, title: string) => page.locator(`figure.vot-chart[aria-label="${title}"]`);

// Five dashboards, each opened twice, on a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 480_000 });

test('a MEAL officer opens each dashboard with filters, reopens it from its URL, and exports a chart to PDF', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  // The home cards link to the first three dashboards, with their figures.
  for (const title of ['Volunteers', 'Patients', 'VOT Status'])
    await expect(page.getByLabel(`${title} total`)).toHaveText(/^\d+$/);
  await shot(page, 'home-cards');

  for (const dashboard of DASHBOARDS) {
    await page.goto(dashboard.path);
    // The first dashboard fetches the reports remote and Highcharts: slow on a busy machine.
    await expect(page.getByRole('heading', { name: dashboard.heading })).toBeVisible({ timeout: 60_000 });
    await chooseTownship(page, 'Insein');
    await search(page).getByLabel('Start Date').fill(START);
    await search(page).getByLabel('End Date').fill(today);
    await search(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`${dashboard.path}\\?.*start_date=${START}`));
    const bookmark = page.url();
    expect(new URL(bookmark).searchParams.get('end_date')).toBe(today);
    expect(new URL(bookmark).searchParams.get('township_id')).toMatch(/^\d+$/);
    for (const title of dashboard.charts)
      await expect(chart(page, title).locator('svg.highcharts-root')).toBeVisible({ timeout: 30_000 });
    await shot(page, dashboard.path.split('/').pop()!);

    // The bookmark opens the same dashboard with the same filters.
    await page.goto('/admin/dashboard');
    await page.goto(bookmark);
    await expect(search(page).getByLabel('Start Date')).toHaveValue(START);
    await expect(search(page).getByLabel('End Date')).toHaveValue(today);
    await expect(
      search(page).locator('.p-dropdown', { has: page.locator('input[aria-label="Township"]') }),
    ).toContainText('Insein');
    await expect(chart(page, dashboard.charts[0]!).locator('svg.highcharts-root')).toBeVisible();
  }

  // A pie with nothing in it says so (no VOT patient registered in Insein in a day long ago).
  await page.goto('/admin/dot-status-virtualization?start_date=2020-01-01&end_date=2020-01-01');
  await expect(chart(page, 'VOT status')).toContainText('There is no data in this category');

  // The volunteer dashboard's age pie, as a PDF: its title, the filters used and when it was made.
  await page.goto(DASHBOARDS[0]!.path);
  await chooseTownship(page, 'Insein');
  await search(page).getByLabel('Start Date').fill(START);
  await search(page).getByRole('button', { name: 'Search' }).click();
  await expect(chart(page, 'Volunteers by age').locator('svg.highcharts-root')).toBeVisible();
  // A pie shows value and percentage to 2 decimals.
  await expect(chart(page, 'Volunteers by age')).toContainText(/\d+ \(\d+\.\d{2}%\)/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF of Volunteers by age' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Volunteers-by-age.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parsed = await new PDFParse({ data: new Uint8Array(bytes) }).getText();
  const text = parsed.text;
  // One page: the title, the filters, the dates used, as of when, and the chart.
  expect(parsed.total).toBe(1);
  expect(text).toContain('Volunteers by age');
  expect(text).toContain(`Filters: Township: Insein; Start Date: ${START}`);
  expect(text).toContain('Dates: Volunteers by township, age and education: the day they joined');
  expect(text).toMatch(/Figures as of: .+\(Asia\/Yangon\)/);
  expect(text).toMatch(/Made: .+\(Asia\/Yangon\)/);
  // The chart's own labels are in the page (the whole chart, not cut).
  expect(text).toMatch(/(Under 18|18 to 30|Over 30): \d+ \(\d+\.\d{2}%\)/);

  // Each figure's definitions, one click from the dashboard.
  await page.getByRole('link', { name: 'What each figure counts' }).click();
  await expect(page.getByRole('heading', { name: 'What each figure counts' })).toBeVisible();
  await shot(page, 'figure-definitions');
});

test("a Field Officer's dashboards show only their townships", async ({ page }) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto('/admin/volunteer-virtualization');
  await expect(page.getByRole('heading', { name: 'Volunteer Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(search(page).getByLabel('Township', { exact: true })).toHaveCount(0);
  const byTownship = chart(page, 'Volunteers by township');
  await expect(byTownship.locator('svg.highcharts-root')).toBeVisible();
  // The demo has volunteers in Mingaladon and Aungmyethazan too: not theirs.
  await expect(byTownship).toContainText('Hlaingthaya');
  await expect(byTownship).toContainText('Insein');
  await expect(byTownship).not.toContainText('Mingaladon');
  await expect(byTownship).not.toContainText('Aungmyethazan');
  await shot(page, 'volunteer-dashboard-field-officer');

  await page.goto('/admin/monthly-volunteer-report-visualization');
  await expect(chart(page, 'Indicators by township').locator('svg.highcharts-root')).toBeVisible({ timeout: 30_000 });
  await expect(chart(page, 'Indicators by township')).not.toContainText('Mingaladon');
});
