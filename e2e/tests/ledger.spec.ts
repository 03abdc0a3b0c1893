import { ACCOUNTS, bearerOf, dayFrom, expect, shot, signIn, sidebar, test } from './fixtures';
import { patientOnVot } from './patient-on-vot';
import { sheetRows } from './sheets';

/**
 * The dose ledger's journey: a Field Officer's patient is put on VOT ten days ago and given
 * dashboard visits (the existing DOT-without-volunteer-dashboard call) on four of those days; the
 * patient view's panel, the VOT Status list's column and the Missed Doses list (and its export)
 * show the figures those records make, counted here from the records themselves.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const daysAgo = (n: number) => dayFrom(-n);

const stamp = Date.now();
const name = `Daw Ledger ${stamp}`;
const START = 10;
/** The days (ago) with a dashboard visit; a second visit on one of them counts once. */
const VISITS = [10, 9, 8, 5, 5];
let patientId = 0;

test('records visits through the API: a patient on VOT ten days, visited on four of them', async ({
  request,
  stack,
}) => {
  const api = `${stack.apiUrl}/api/v1`;
  const headers = await bearerOf(request, api, ACCOUNTS.fieldOfficer);
  patientId = await patientOnVot(request, api, headers, { SP_code: `SP-L-${stamp}`, name, startedDaysAgo: START });
  for (const ago of VISITS) {
    const visit = await request.post(`${api}/DOT-without-volunteer-dashboard`, {
      headers,
      data: { patient_id: patientId, date: daysAgo(ago), dose_taken: 'Yes', remark: 'Took the dose on a video call' },
    });
    expect(visit.status(), await visit.text()).toBe(201);
  }
});

test('the patient view, the VOT Status list and the Missed Doses list show the numbers of those records', async ({
  page,
}) => {
  // From the records: counted days are the start to yesterday (nothing recorded today yet).
  const counted = START;
  const observed = new Set(VISITS).size; // 4
  const lastObserved = Math.min(...VISITS); // 5 days ago
  const adherence = `${((100 * observed) / counted).toFixed(1)}%`; // 40.0%
  const missedInARow = lastObserved - 1; // 4..1 days ago
  const longest = Math.max(missedInARow, 8 - 5 - 1); // after the last dose, or between 8 and 5 days ago

  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/dot-patient-with-no-volunteer-detail/${patientId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const panel = page.getByLabel('Dose ledger');
  await expect(panel.getByTestId('ledger-adherence')).toHaveText(adherence);
  await expect(panel.getByTestId('ledger-band')).toHaveText('Over 50%');
  await expect(panel.getByTestId('ledger-longest')).toHaveText(`${longest} days`);
  await expect(panel.getByTestId('ledger-since')).toHaveText(`${lastObserved} days`);
  await expect(panel.getByTestId('ledger-note')).toHaveText(
    `${observed} of ${counted} days observed (${daysAgo(START)} to ${daysAgo(1)}): 0 not observed, ${counted - observed} unrecorded. ` +
      // Staff records only: none of the observed days is verified (in person or a reviewed video).
      '0 verified (in person or a reviewed video); the others rest on staff records, no-app ticks or videos not reviewed. ' +
      `Missed ${missedInARow} days in a row.`,
  );
  await shot(page, 'ledger-patient-view');

  await sidebar(page)
    .getByRole('link', { name: /Pure VOT Without Volunteer/ })
    .click();
  await page.getByLabel('Search name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const listed = page.getByRole('row', { name: new RegExp(name) });
  await expect(listed).toContainText(`${adherence} observed`);
  await expect(listed).toContainText('over 50% missed');
  await expect(listed).toContainText(`${missedInARow} in a row`);
  await shot(page, 'ledger-vot-status-list');

  const menuItem = sidebar(page).getByRole('link', { name: /Missed Doses/ });
  await expect(menuItem).toContainText(/\d+/);
  await menuItem.click();
  await expect(page.getByRole('heading', { name: 'Missed Doses (2 or More Days In A Row)' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${missedInARow} days`);
  await expect(row).toContainText(`${adherence} observed`);
  // The patient to call today: their phone, a link that dials it.
  await expect(row.getByRole('link', { name: '09420000301' })).toHaveAttribute('href', 'tel:09420000301');
  await shot(page, 'ledger-missed-doses');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Missed-Dose-Patients.*\.xlsx$/);
  const exported = (await sheetRows(download)).find((r) => r.Name === name);
  expect(exported).toMatchObject({
    'Adherence %': '40',
    'Missed Doses': 'Over 50%',
    'Missed In A Row': String(missedInARow),
    'Longest Missed Run': String(longest),
    'Days Since Last Observed Dose': String(lastObserved),
  });
  await row.getByRole('button', { name: 'Detail' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/dot-patient-with-no-volunteer-detail/${patientId}$`));
});
