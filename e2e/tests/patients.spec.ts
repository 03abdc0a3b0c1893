import type { Download, Locator, Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  choose,
  expect,
  expectEveryColumnShown,
  longestCodes,
  ownPassword,
  shot,
  signIn,
  sidebar,
  test,
  today,
} from './fixtures';
import { sheetRows } from './sheets';

async function exportList(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  return download;
}

// ဒေါ်ခင်မြင့် Daw Khin Myint, typed in Zawgyi and in Unicode.
const KHIN_MYINT_ZAWGYI = '\u1031\u1012\u105a\u1001\u1004\u1039\u103b\u1019\u1004\u1039\u1037';
const KHIN_MYINT_UNICODE = '\u1012\u1031\u102b\u103a\u1001\u1004\u103a\u1019\u103c\u1004\u1037\u103a';
const BLUE = '#073674';
const RED = '#EB2429';
const YELLOW = '#F5B800';

// Whole journeys of long forms: more than the default minute on a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now();
const name = `Daw Thuzar ${stamp}`;
// Codes as long as their formats make them: the lists must still show every column at 1366 pixels.
const codes = longestCodes('HTY', stamp);
const spCode = codes.SP_code;
const noSpsName = `U Min Naing ${stamp}`;
let detailUrl = '';

const field = (form: Locator, label: string) =>
  form
    .locator('.vot-field', { has: form.page().getByText(label, { exact: true }) })
    .locator('input, textarea')
    .first();

async function fillRegistration(page: Page, form: Locator, patient: { name: string; sp?: string; township: string }) {
  await choose(page, form, 'Year', '2025');
  await choose(page, form, 'Township', patient.township);
  if (patient.sp) await form.getByLabel('SP Code', { exact: true }).fill(patient.sp);
  await form.getByLabel('Name', { exact: true }).fill(patient.name);
  await form.getByLabel('DOB', { exact: true }).fill('1990-05-17');
  await choose(page, form, 'Sex', 'Female');
  await form.getByLabel('Treatment Start Date', { exact: true }).fill(today);
  await choose(page, form, 'Treatment Regimen', '4. BPal');
  await form.getByLabel('Patient Address', { exact: true }).fill('No. 12, Bayint Naung Road');
  // As it is written on a card: stored normalised, shown as typed.
  await form.getByLabel('Patient Phone No', { exact: true }).fill('+95 9 420 000 101');
  await form.getByLabel('Contact Info', { exact: true }).fill('U Tun (brother)');
  await form.getByLabel('Contact Phone No', { exact: true }).fill('09420000102');
  await form.getByLabel('Primary Language', { exact: true }).fill('Burmese');
  await form.getByLabel('Height(cm)', { exact: true }).fill('160');
  await form.getByLabel('Initial Body Weight(kg)', { exact: true }).fill('55');
}

test('a Field Officer registers a patient with household contacts, records investigations and a TB conclusion, and marks VOT eligible and accepted', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await sidebar(page)
    .getByRole('link', { name: /TB Patient List/ })
    .click();
  await expect(page.getByRole('heading', { name: 'TB Patient List' })).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Township', { exact: true })).toHaveCount(0);
  await shot(page, 'tb-list-field-officer');

  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/admin\/DSTB-patient-create$/);
  const form = page.getByRole('form', { name: 'Add DRTB patient' });
  await expect(page.getByRole('heading', { name: 'Add DRTB patient' })).toBeVisible();
  // A form just opened says nothing yet.
  await expect(form.getByRole('alert')).toHaveCount(0);
  await shot(page, 'create-untouched');
  await form.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Year is required!',
    'Township is required!',
    'SP Code is required!',
    'Name is required!',
    'Sex is required!',
    'Height(cm) is required!',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  // BMI is worked out from Height and Weight: shown as a value, with no message of its own.
  await expect(form.getByText('BMI is required!')).toHaveCount(0);

  await fillRegistration(page, form, { name, sp: spCode, township: 'Hlaingthaya' });
  await expect(form.getByLabel('Age', { exact: true })).not.toHaveValue('');
  // ေဒၚခင္ျမင့္ (Daw Khin Myint) typed in Zawgyi: the form warns, the API stores it in Unicode.
  await form.getByLabel('Contact Info', { exact: true }).fill(KHIN_MYINT_ZAWGYI);
  await expect(form.getByText('Typed in Zawgyi: it will be saved in Unicode')).toBeVisible();
  await form.getByLabel('Lab Code', { exact: true }).fill('LAB-1');
  await form.getByLabel('DRTB Code', { exact: true }).fill(codes.DRTB_code);
  await expect(form.getByLabel('Lab Code', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('BMI', { exact: true })).toHaveText('21.5');
  await expect(form.getByLabel('BMI Category', { exact: true })).toHaveText('Healthy');

  await form.getByLabel('Household Contact Name', { exact: true }).fill('U Tun');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Please enter name and age of household contact!')).toBeVisible();
  await form.getByLabel('Household Contact Age', { exact: true }).fill('38');
  await form.getByRole('button', { name: 'Add' }).click();
  await form.getByLabel('Household Contact Name', { exact: true }).fill('Ma Aye');
  await form.getByLabel('Household Contact Age', { exact: true }).fill('9');
  await form.getByRole('button', { name: 'Add' }).click();
  const contacts = form.getByRole('group', { name: 'Household Contacts' });
  await expect(contacts.getByRole('row')).toHaveCount(3);
  await shot(page, 'create-filled');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient has been created successfully!')).toBeVisible();

  // The new patient opens with its app code and first password to hand out.
  await expect(page).toHaveURL(/\/admin\/DSTB-patient-detail\/\d+$/);
  detailUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const info = page.getByRole('form', { name: 'Patient Information' });
  await expect(info.getByLabel('Code', { exact: true })).not.toHaveValue('');
  await expect(info.getByLabel('Password', { exact: true })).not.toHaveValue('');
  await expect(info.getByRole('cell', { name: 'Ma Aye', exact: true })).toBeVisible();
  await expect(info.getByLabel('Patient Phone No', { exact: true })).toHaveValue('+95 9 420 000 101');
  await expect(info.getByLabel('Contact Info', { exact: true })).toHaveValue(KHIN_MYINT_UNICODE);
  await expect(page.getByRole('tab', { name: 'VOT Accept' })).toHaveCount(0);
  await shot(page, 'detail-information');

  // Investigations: sputum and Gene Xpert, then the TB conclusion with its conditional fields.
  await page.getByRole('button', { name: 'Investigations' }).click();
  await expect(page.getByRole('tab', { name: 'Presumptive Info' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'investigation-presumptive');
  await page.getByRole('tab', { name: 'Sputum', exact: true }).click();
  const sputum = page.getByRole('form', { name: 'Sputum' });
  await expect(sputum.getByLabel('Sputum Examination Date', { exact: true })).toBeDisabled();
  await choose(page, sputum, 'Sputum Done or Not Done', 'Done');
  await sputum.getByRole('button', { name: 'Save' }).click();
  await expect(sputum.getByText('Sputum Examination Date is required!')).toBeVisible();
  await expect(sputum.getByText('Sputum Smear Result is required!')).toBeVisible();
  await sputum.getByLabel('Sputum Examination Date', { exact: true }).fill(today);
  await choose(page, sputum, 'Sputum Smear Result', '++');
  await sputum.getByRole('button', { name: 'Save' }).click();
  const notice = page.locator('.p-toast-message', { hasText: 'Patient has been updated successfully!' });
  await expect(notice).toBeVisible();
  await shot(page, 'investigation-sputum');
  // The notice covers nothing the user needs next: Move To VOT is clear of it.
  const [noticeBox, moveBox] = [
    await notice.boundingBox(),
    await page.getByRole('button', { name: 'Move To VOT' }).boundingBox(),
  ];
  expect(noticeBox!.y + noticeBox!.height <= moveBox!.y || noticeBox!.x >= moveBox!.x + moveBox!.width).toBe(true);

  await page.getByRole('tab', { name: 'Gene Xpert' }).click();
  const xpert = page.getByRole('form', { name: 'Gene Xpert' });
  await choose(page, xpert, 'Gene Xpert Done or Not Done', 'Done');
  await xpert.getByLabel('GXP Examination Date', { exact: true }).fill(today);
  await choose(page, xpert, 'Gene Xpert Result', 'RR: MTB detected, Rif resistance detected');
  await xpert.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tab', { name: 'Gene Xpert' })).toHaveAttribute('data-colour', '#22A06B');
  await page.getByRole('tab', { name: 'Sputum', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Gene Xpert' })).toHaveAttribute('data-colour', BLUE);

  await page.getByRole('tab', { name: 'TB Conclusion' }).click();
  const conclusion = page.getByRole('form', { name: 'TB Conclusion' });
  await choose(page, conclusion, 'TB Status', 'No TB');
  await expect(field(conclusion, 'Treatment Status')).toBeDisabled();
  await choose(page, conclusion, 'TB Status', 'DRTB');
  await choose(page, conclusion, 'Treatment Status', 'Received TB Treatment');
  await conclusion.getByRole('button', { name: 'Save' }).click();
  await expect(conclusion.getByText('TB Registration Code is required!')).toBeVisible();
  await expect(conclusion.getByText('Defined TB Type is required!')).toBeVisible();
  await conclusion.getByLabel('TB Registration Code', { exact: true }).fill(`HTY-DR-${stamp}`);
  await choose(page, conclusion, 'Defined TB Type', 'Pulmonary BC');
  await expect(conclusion.getByLabel('Defined TB Type (Other)', { exact: true })).toBeDisabled();
  await choose(page, conclusion, 'Defined TB Type', 'Extra Pulmonary BC');
  await conclusion.getByLabel('Defined TB Type (Other)', { exact: true }).fill('Lymph node');
  await choose(page, conclusion, 'HIV Test', 'Done');
  await conclusion.getByLabel('HIV Test Date', { exact: true }).fill(today);
  await choose(page, conclusion, 'HIV Result', 'Non-Reactive');
  await conclusion
    .locator('.vot-field', { has: page.getByText('ART Status', { exact: true }) })
    .locator('.p-dropdown')
    .click();
  await expect(page.locator('.p-dropdown-panel').getByRole('option')).toHaveText(['Not applicable']);
  await page.getByRole('option', { name: 'Not applicable' }).click();
  await shot(page, 'investigation-tb-conclusion');
  await conclusion.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('tab', { name: 'TB Conclusion' })).toHaveAttribute('data-colour', '#22A06B');
  await expect(conclusion.getByLabel('Defined TB Type (Other)', { exact: true })).toHaveValue('Lymph node');

  // VOT eligible, then accepted: Move To VOT appears.
  await page.goto(detailUrl);
  await page.getByRole('tab', { name: 'VOT Eligible' }).click();
  const eligible = page.getByRole('form', { name: 'VOT Eligible' });
  await choose(page, eligible, 'VOT Eligible', 'Yes');
  await eligible.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('tab', { name: 'VOT Accept' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'VOT Accept' })).toHaveAttribute('data-colour', RED);
  await page.getByRole('tab', { name: 'VOT Accept' }).click();
  const accept = page.getByRole('form', { name: 'VOT Accept' });
  await choose(page, accept, 'VOT Accept', 'Yes');
  await accept.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('tab', { name: 'VOT Eligible' })).toHaveAttribute('data-colour', BLUE);
  await expect(accept.getByRole('button', { name: 'Move To VOT' })).toBeVisible();
  await shot(page, 'detail-vot-accept');
});

test('a Data Assistant registers a no-SPS patient with the township’s next presumptive number', async ({ page }) => {
  await signIn(page, ACCOUNTS.dataAssistant);
  await sidebar(page)
    .getByRole('link', { name: /TB No SPS Patient List/ })
    .click();
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'To Add DRTB No SPS Patient' });
  await expect(page.getByRole('heading', { name: 'To Add DRTB No SPS Patient' })).toBeVisible();
  await fillRegistration(page, form, { name: noSpsName, township: 'Hlaingthaya' });
  await expect(form.getByLabel('Presumptive TB Number', { exact: true })).toHaveValue(/^\d+$/);
  const number = await form.getByLabel('Presumptive TB Number', { exact: true }).inputValue();
  await form.getByRole('button', { name: 'Save' }).click();
  // The same phone as the patient registered before: shown before saving, and the user goes on.
  const duplicate = page.getByRole('dialog', { name: 'Possible duplicate' });
  await expect(duplicate.getByRole('row', { name: new RegExp(name) })).toContainText('Same phone');
  await shot(page, 'possible-duplicate');
  await duplicate.getByRole('button', { name: 'Register anyway' }).click();
  await expect(page.getByText('Patient has been created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: noSpsName })).toBeVisible();

  await sidebar(page)
    .getByRole('link', { name: /TB No SPS Patient List/ })
    .click();
  await page.getByLabel('Search name', { exact: true }).fill(noSpsName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('cell', { name: noSpsName })).toBeVisible();
  const rows = await sheetRows(await exportList(page));
  expect(rows.find((r) => r.Name === noSpsName)).toMatchObject({
    'Presumptive TB Number': number,
    Township: 'Hlaingthaya',
  });
});

test('a MEAL officer finds the patients in the right lists with the right colours and exports them', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await expect(
    sidebar(page)
      .getByRole('link', { name: /TB Patient List/ })
      .locator('.vot-menu-count'),
  ).toHaveText(/^\d+$/);
  await sidebar(page)
    .getByRole('link', { name: /TB Patient List/ })
    .click();
  await page.getByLabel('Search name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}`));
  const row = page.getByRole('row', { name: new RegExp(spCode) });
  await expect(row).toHaveClass(/vot-patient-with-tb/);
  await expect(row.locator('[data-colour]')).toHaveAttribute('data-colour', RED);
  // A 1366-pixel laptop beside the menu: the codes on one line, every column on screen, Detail too.
  expect(
    await row.getByRole('cell', { name: spCode, exact: true }).evaluate((td) => getComputedStyle(td).whiteSpace),
  ).toBe('nowrap');
  await expectEveryColumnShown(page, row);
  await expect(row.getByRole('button', { name: 'Detail' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'tb-list-meal-search');
  const download = await exportList(page);
  expect(download.suggestedFilename()).toBe('TB-Patients.xlsx');
  expect((await sheetRows(download)).find((r) => r.Name === name)).toMatchObject({
    'SP Code': spCode,
    Township: 'Hlaingthaya',
    'TB Status': 'DRTB',
    'VOT Eligible': 'Yes',
  });

  // The no-SPS patient has no eligibility yet: yellow in its general list.
  await sidebar(page)
    .getByRole('link', { name: /TB No SPS Patient List/ })
    .click();
  await page.getByLabel('Search name', { exact: true }).fill(noSpsName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row', { name: new RegExp(noSpsName) }).locator('[data-colour]')).toHaveAttribute(
    'data-colour',
    YELLOW,
  );

  for (const list of ['Eligible Patient List', 'Acceptable Patient List']) {
    await sidebar(page)
      .getByRole('link', { name: new RegExp(list) })
      .click();
    await expect(page.getByRole('heading', { name: list })).toBeVisible();
    await page.getByLabel('Search SP Code', { exact: true }).fill(spCode);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveClass(/vot-patient-with-tb/);
    await expect(page.getByRole('row')).toHaveCount(2);
  }
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Detail' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${detailUrl}`));
  await sidebar(page)
    .getByRole('link', { name: /Declined Patient List/ })
    .click();
  await page.getByLabel('Search SP Code', { exact: true }).fill(spCode);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No records found.')).toBeVisible();
});

test('the Field Officer moves the patient to the trash and, having slipped, recovers them', async ({ page }) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Move to Trash', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`${name} (`);
  await expect(confirm).toContainText('can be recovered from Trash › Patient Trash');
  await shot(page, 'move-to-trash-confirm');
  await confirm.getByRole('button', { name: 'Yes, move to trash' }).click();
  await expect(page.getByText('Patient has been deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/TB-patient-list/);

  await sidebar(page)
    .getByRole('link', { name: /Patient Trash/ })
    .click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // TSP: the township it was deleted from; Recover Township beside Recover and Delete, not under them.
  await expect(row.getByRole('cell', { name: 'HTY', exact: true })).toBeVisible();
  await expectEveryColumnShown(page, row);
  await shot(page, 'trash');
  await row.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Patient has been recovered successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('a Field Officer of another township never sees the patient', async ({ page, request, stack }) => {
  const api = `${stack.apiUrl}/api/v1`;
  const login = await request.post(`${api}/io-login`, {
    data: { email: ACCOUNTS.mealOfficer, password: DEMO_PASSWORD },
  });
  const meal = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const townships = (await (await request.get(`${api}/townships`, { headers: meal })).json()).data as {
    id: number;
    name: string;
    project: { id: number };
  }[];
  const mingaladon = townships.find((t) => t.name === 'Mingaladon')!;
  const email = `fo.mgd.patients.${stamp}@vot.local`;
  const created = await request.post(`${api}/io-register`, {
    headers: meal,
    data: {
      name: 'Ko Min',
      email,
      role: 'Field Officer',
      project_id: mingaladon.project.id,
      township_id: mingaladon.id,
    },
  });
  expect(created.status()).toBe(201);
  const password = await ownPassword(
    request,
    stack.apiUrl,
    email,
    (await created.json()).data.plain_password as string,
  );

  await signIn(page, email, password);
  await sidebar(page)
    .getByRole('link', { name: /TB Patient List/ })
    .click();
  await page.getByLabel('Search name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No records found.')).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByText('Patient not found.')).toBeVisible();
  await shot(page, 'patient-not-found');
  const token = await page.evaluate(() => localStorage.getItem('vot-console-2026-token'));
  const headers = { Authorization: `Bearer ${token}` };
  const id = detailUrl.split('/').pop();
  expect((await request.get(`${api}/patients/${id}`, { headers })).status()).toBe(404);
  const exported = await (await request.get(`${api}/patients-export?TB_patient=true`, { headers })).json();
  expect((exported.data as { name: string }[]).map((p) => p.name)).not.toContain(name);
});
