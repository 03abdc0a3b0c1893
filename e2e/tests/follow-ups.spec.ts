import { ACCOUNTS, bearerOf, choose, expect, shot, signIn, sidebar, test, today } from './fixtures';
import { patientOnVot } from './patient-on-vot';

/**
 * The morning follow-up: a Field Officer's patient on VOT five days has no observed dose, so is
 * on the Follow-ups worklist; the officer calls (the phone is a tel: link), records the call from
 * the list, and once an observed dose arrives (a dashboard visit through the API) the patient
 * leaves the worklist and the patient's history shows the case closed by it.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const name = `Daw Follow ${stamp}`;
const PHONE = '09420000401';
let patientId = 0;
let api = '';
let headers: Record<string, string> = {};

test('a patient on VOT five days without an observed dose', async ({ request, stack }) => {
  api = `${stack.apiUrl}/api/v1`;
  headers = await bearerOf(request, api, ACCOUNTS.fieldOfficer);
  patientId = await patientOnVot(request, api, headers, {
    SP_code: `SP-F-${stamp}`,
    name,
    patient_phone_no: PHONE,
    startedDaysAgo: 5,
  });
});

test('is called from the worklist, the call recorded, and leaves it when a dose is observed', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ACCOUNTS.fieldOfficer);
  await sidebar(page).getByRole('link', { name: 'Follow-ups' }).click();
  await expect(page.getByRole('heading', { name: 'Follow-ups' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('5 days');
  await expect(row).toContainText('None yet');
  // No volunteer: the case is the Field Officer's from the start.
  await expect(row).toContainText('Field Officer');
  await expect(row.getByRole('link', { name: PHONE })).toHaveAttribute('href', `tel:${PHONE}`);

  await row.getByRole('button', { name: 'Record Action' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Follow-up Action' });
  await choose(page, dialog, 'Action', 'Phone call');
  await choose(page, dialog, 'Outcome', 'Reached and will take the dose');
  await dialog.getByLabel('Remark').fill('Ran out of tablets; the clinic refills today');
  await shot(page, 'follow-ups-record-action');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Phone call: Reached and will take the dose');
  await shot(page, 'follow-ups-list');

  const visit = await request.post(`${api}/DOT-without-volunteer-dashboard`, {
    headers,
    data: { patient_id: patientId, date: today, dose_taken: 'Yes', remark: 'Took the dose on a video call' },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Follow-ups' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.goto(`/admin/dot-patient-with-no-volunteer-detail/${patientId}`);
  const history = page.getByRole('region', { name: 'Follow-ups' });
  await expect(history.getByTestId('follow-up-standing')).toHaveText(`Closed ${today}: dose observed`);
  await expect(history.getByRole('row', { name: /Phone call/ })).toBeVisible();
  await shot(page, 'follow-ups-patient-history');
});
