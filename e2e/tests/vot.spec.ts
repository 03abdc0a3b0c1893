import type { Locator, Page } from '@playwright/test';
// The questions as the screen shows them, from the one place they are kept.
import { INFECTION_CHECKLIST_QUESTIONS } from '../../shared/src/domain/vot';
import {
  ACCOUNTS,
  bearerOf,
  choose,
  dayFrom,
  expect,
  expectEveryColumnShown,
  longestCodes,
  shot,
  signIn,
  signOut,
  sidebar,
  test,
  today,
} from './fixtures';
import { sheetRows } from './sheets';

const day = dayFrom;
const BLUE = '#073674';
const RED = '#EB2429';

// One patient's whole VOT treatment, step by step; more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now();
const name = `Daw Nilar ${stamp}`;
// Codes as long as their formats make them (another running number than the patients journey's,
// in the same township of the same database): the Hybrid list must still show every column.
const codes = longestCodes('HTY', stamp + 50_000);
const spCode = codes.SP_code;
const treatmentStart = day(-30);
const votStart = day(-20);
const hybridFrom = day(-10);
let patientId = 0;

const field = (form: Locator, label: string) =>
  form.locator('.vot-field', { has: form.page().getByText(label, { exact: true }) });
/** The number on a side-menu item's badge. */
async function menuCount(page: Page, label: string): Promise<number> {
  const badge = sidebar(page)
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .locator('.vot-menu-count');
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.textContent());
}

/** The VOT Status lists: menu label → heading. */
const LISTS = {
  'Pure VOT With Volunteer': 'Pure VOT Patients With Volunteer',
  'Hybrid VOT Patient List': 'Hybrid VOT Patient List',
} as const;

async function findIn(page: Page, menu: keyof typeof LISTS) {
  await sidebar(page)
    .getByRole('link', { name: new RegExp(`^${menu}`) })
    .click();
  await expect(page.getByRole('heading', { name: LISTS[menu], exact: true })).toBeVisible();
  await page.getByLabel('Search name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('an accepted DRTB patient is moved to VOT by a Field Officer, within the date rules', async ({
  page,
  request,
  stack,
}) => {
  // The registration and acceptance screens have their own journey (patients.spec.ts): the API prepares the patient.
  const api = `${stack.apiUrl}/api/v1`;
  const meal = await bearerOf(request, api, ACCOUNTS.mealOfficer);
  const townships = (await (await request.get(`${api}/townships`, { headers: meal })).json()).data as {
    id: number;
    name: string;
  }[];
  const created = await request.post(`${api}/patients`, {
    headers: meal,
    data: {
      year: 2026,
      township_id: townships.find((t) => t.name === 'Hlaingthaya')!.id,
      SP_code: spCode,
      DRTB_code: codes.DRTB_code,
      dot_patient_id_gf: codes.dot_patient_id_gf,
      name,
      age: 41,
      sex: 'Female',
      treatment_start_date: treatmentStart,
      treatment_regimen: '4. BPal',
      patient_address: 'No. 7, Thiri Road',
      patient_phone_no: '09421110001',
      contact_info: 'Ko Zaw (son)',
      contact_phone_no: '09421110002',
      primary_language: 'Burmese',
      height: 158,
      weight: 52,
      BMI: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  patientId = (await created.json()).data.id;
  const put = async (path: string, data: object) => {
    const res = await request.post(`${api}/${path}/${patientId}?_method=PUT`, { headers: meal, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await put('TB-conclusion', {
    TB_status: 'DRTB',
    treatment_status: 'Received TB Treatment',
    TB_DRTB_code: `HTY-DR-${stamp}`,
    treatment_start_date: treatmentStart,
    // The treated branch carries the regimen (SPEC.md §4): the registration's, unchanged.
    treatment_regimen: '4. BPal',
    defined_TB_type: 'Pulmonary BC',
    HIV_test: 'Not Done',
    CPT_status: 'No',
    ART_status: 'No',
  });
  await put('VOT-eligible', { VOT_eligible: 'Yes' });
  await put('VOT-accept', { VOT_accept: 'Yes' });

  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/move-to-DOT/${patientId}?VOT_accept=Yes`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const form = page.locator('form.vot-form');
  await expect(form.getByRole('alert')).toHaveCount(0);
  const start = form.getByLabel('VOT Start Date', { exact: true });
  await start.fill(day(-40));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('VOT Start Date may not be before the Treatment Start Date!')).toBeVisible();
  await start.fill(day(1));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('VOT Start Date may not be after today!')).toBeVisible();
  await start.fill(votStart);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient has been updated successfully!')).toBeVisible();
  await shot(page, 'vot-move-to-vot');
});

test('the Field Officer puts the patient on pure VOT with a volunteer of the township, then on hybrid VOT with another', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/move-to-DOT/${patientId}`);
  await page.getByRole('link', { name: 'VOT with/without volunteer?' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/vot-details-condition/${patientId}$`));
  await expect(page.getByRole('heading', { name: `${name} VOT Details` })).toBeVisible();
  const form = page.locator('form.vot-form');
  await expect(form.getByRole('alert')).toHaveCount(0);

  await choose(page, form, 'VOT with Volunteer (Yes/No)', 'Yes');
  await choose(page, form, 'VOT Pure or Hybrid', 'Pure');
  await form.getByLabel('Date', { exact: true }).fill(votStart);
  // Only the active volunteers of the patient's township (Hlaingthaya), not Insein's.
  await field(form, 'Select Volunteer').locator('.p-dropdown').click();
  await expect(page.getByRole('option', { name: /Daw Khin Myo Aye/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Ma Thandar Win/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Daw Khin Myo Aye/ }).click();
  await choose(page, form, 'App or No App', 'App');
  await form.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to update pure or hybrid' });
  await expect(confirm).toBeVisible();
  await shot(page, 'vot-change-volunteer-confirm');
  await confirm.getByRole('button', { name: 'Yes, update it!' }).click();
  await expect(page.getByText('Change Volunteer has been created successfully!')).toBeVisible();
  const current = page.getByLabel('Current VOT', { exact: true });
  await expect(current).toContainText('Pure');
  await expect(current).toContainText('Daw Khin Myo Aye');
  await expect(current).toContainText('App');

  // The history shows the entry.
  await page.getByRole('button', { name: 'Pure or Hybrid History' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/change-volunteer-list/${patientId}`));
  await expect(page.getByRole('heading', { name: `${name} Pure or Hybrid History` })).toBeVisible();
  const entry = page.getByRole('row', { name: /Daw Khin Myo Aye/ });
  await expect(entry).toContainText('Pure');
  await expect(entry).toContainText(votStart);
  await shot(page, 'vot-history-pure');

  // In the Pure VOT With Volunteer list: a TB/DRTB row, red ID (VOT not ended).
  await findIn(page, 'Pure VOT With Volunteer');
  const row = page.getByRole('row', { name: new RegExp(spCode) });
  await expect(row.locator('[data-colour]')).toHaveAttribute('data-colour', RED);
  await expect(row).toHaveClass(/vot-patient-with-tb/);
  const pureBefore = await menuCount(page, 'Pure VOT With Volunteer');
  const hybridBefore = await menuCount(page, 'Hybrid VOT Patient List');

  // Hybrid with the other volunteer: Hybrid forces "with volunteer" Yes.
  await page.goto(`/admin/vot-details-condition/${patientId}`);
  await choose(page, form, 'VOT Pure or Hybrid', 'Hybrid');
  await expect(field(form, 'VOT with Volunteer (Yes/No)')).toContainText('Yes');
  await form.getByLabel('Date', { exact: true }).fill(hybridFrom);
  await field(form, 'Select Volunteer').locator('.p-dropdown').click();
  await page.getByRole('option', { name: /^U Aung Ko Ko/ }).click();
  await choose(page, form, 'App or No App', 'App');
  await form.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure to update pure or hybrid' })
    .getByRole('button', { name: 'Yes, update it!' })
    .click();
  await expect(page.getByText('Change Volunteer has been created successfully!')).toBeVisible();
  await expect(current).toContainText('Hybrid');
  await expect(current).toContainText('U Aung Ko Ko');

  await findIn(page, 'Hybrid VOT Patient List');
  const hybridRow = page.getByRole('row', { name: new RegExp(spCode) });
  await expect(hybridRow).toHaveClass(/vot-patient-with-tb/);
  await expect(hybridRow.locator('[data-colour]')).toHaveAttribute('data-colour', RED);
  await expect(page.getByRole('columnheader', { name: 'DOT Patient ID (GF)' })).toBeVisible();
  // Fourteen columns, Adherence the last: all of them beside the menu of a 1366-pixel laptop.
  await expect(hybridRow).toContainText(String(codes.dot_patient_id_gf));
  await expectEveryColumnShown(page, hybridRow);
  expect(await menuCount(page, 'Hybrid VOT Patient List')).toBe(hybridBefore + 1);
  expect(await menuCount(page, 'Pure VOT With Volunteer')).toBe(pureBefore - 1);
  await shot(page, 'vot-hybrid-list');
  await findIn(page, 'Pure VOT With Volunteer');
  await expect(page.getByText('No records found.')).toBeVisible();
});

test('the VOT patient view: presumptive info, medicines and a follow-up sputum with its export', async ({ page }) => {
  // A Field Officer adds medicines: the select's names come from patient-medicine-names, not from
  // GET medicines (basic data, which a Field Officer may not read).
  await signIn(page, ACCOUNTS.fieldOfficer);
  await findIn(page, 'Hybrid VOT Patient List');
  await page
    .getByRole('row', { name: new RegExp(spCode) })
    .getByRole('button', { name: 'Detail' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/dot-patient-with-volunteer-detail/${patientId}$`));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Presumptive info' })).toBeVisible();
  await expect(page.getByText(spCode)).toBeVisible();
  await shot(page, 'vot-patient-view');
  await page.getByRole('tab', { name: 'VOT End' }).click();
  await expect(page.getByText('U Aung Ko Ko')).toBeVisible();
  await expect(page.getByLabel('VOT Start Date', { exact: true })).toHaveValue(votStart);

  await page.getByRole('button', { name: 'Medicines' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/patient-medicine-list/${patientId}$`));
  await expect(page.getByRole('heading', { name: `${name} Medicine List` })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const medicine = page.getByRole('dialog', { name: 'Create Patient Medicine' });
  await medicine.getByRole('button', { name: 'Save' }).click();
  await expect(medicine.getByText('Medicine is required!')).toBeVisible();
  await choose(page, medicine, 'Medicine', 'Bedaquiline');
  await medicine.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient Medicine has been created successfully!')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Bedaquiline', exact: true })).toBeVisible();

  await page.goto(`/admin/FU-sputum-examinition-list/${patientId}`);
  await page.getByRole('button', { name: 'New' }).click();
  const sputum = page.getByRole('dialog', { name: 'Create F/U Sputum Examinition' });
  await choose(page, sputum, 'Month', '2');
  await choose(page, sputum, 'Smear', 'Done');
  await sputum.getByRole('button', { name: 'Save' }).click();
  await expect(sputum.getByText('Smear Date is required!')).toBeVisible();
  await expect(sputum.getByText('Smear Result is required!')).toBeVisible();
  await sputum.getByLabel('Smear Date', { exact: true }).fill(day(-3));
  await choose(page, sputum, 'Smear Result', '+');
  await sputum.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('F/U Sputum Examinition has been created successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(day(-3)) })).toContainText('Done');
  await shot(page, 'vot-fu-sputum');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('FU-Sputum-Examinition.xlsx');
  expect((await sheetRows(download))[0]).toMatchObject({
    'Patient Name': name,
    Month: '2',
    Smear: 'Done',
    'Smear Date': day(-3),
    'Smear Result': '+',
  });
});

test('a Field Officer records an infection-control checklist in Burmese, and reads it back', async ({ page }) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/dot-patient-with-volunteer-detail/${patientId}`);
  await page.getByRole('button', { name: 'Infection Check List' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/infection-check-list/${patientId}$`));
  await expect(page.getByRole('heading', { name: `${name} Infection Control Check List` })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Infection Control Check List' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Date', { exact: true }).fill(today);
  for (const [i, question] of INFECTION_CHECKLIST_QUESTIONS.entries()) {
    await dialog
      .locator('.vot-field', { has: page.getByText(`${i + 1}. ${question.my}`, { exact: true }) })
      .locator('.p-dropdown')
      .click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: i === 16 ? 'No' : 'Yes', exact: true })
      .click();
    // One list at a time: the closing one would offer the same answers.
    await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
  }
  await dialog
    .getByLabel('Action (17)', { exact: true })
    .fill('Advised to stop smoking; referred to the township clinic');
  await shot(page, 'vot-infection-checklist-create');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Infection Control Checklist has been created successfully!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(today) });
  await expect(row).toContainText('18 / 19');
  await row.getByRole('button', { name: 'Detail' }).click();
  const detail = page.getByRole('dialog', { name: 'Infection Control Check List Detail' });
  await expect(detail.getByLabel('Action (17)', { exact: true })).toHaveValue(
    'Advised to stop smoking; referred to the township clinic',
  );
  await expect(detail.getByText(`1. ${INFECTION_CHECKLIST_QUESTIONS[0].my}`, { exact: true })).toBeVisible();
  await shot(page, 'vot-infection-checklist-detail');
});

test('once a visit exists, the VOT choice is locked and its history entry cannot be deleted', async ({
  page,
  request,
  stack,
}) => {
  const api = `${stack.apiUrl}/api/v1`;
  const fo = await bearerOf(request, api, ACCOUNTS.fieldOfficer);
  const visit = await request.post(`${api}/DOT-with-volunteer-dashboard`, {
    headers: fo,
    data: { patient_id: patientId, date: day(-5), dose_taken: 'Yes', remark: 'Took the dose on a video call' },
  });
  expect(visit.status(), await visit.text()).toBe(201);

  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/move-to-DOT/${patientId}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('VOT Start Date', { exact: true })).toHaveValue(votStart);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText('can no longer change');
  await shot(page, 'vot-move-to-vot-locked');

  // Deleting is the MEAL roles' and the Data Assistant's (docs/permissions.md).
  // Signed out before the next sign-in (a sign-in page opened while the logout is under way finds a session).
  await page.goto('/admin/dashboard');
  await signOut(page);
  await signIn(page, ACCOUNTS.dataAssistant);
  await page.goto(`/admin/change-volunteer-list/${patientId}`);
  await expect(page.getByRole('heading', { name: `${name} Pure or Hybrid History` })).toBeVisible();
  const withVisit = page.getByRole('row', { name: /U Aung Ko Ko/ });
  await expect(withVisit).toContainText('1');
  await withVisit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('This entry has VOT visit records and cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /U Aung Ko Ko/ })).toBeVisible();
  await shot(page, 'vot-history-delete-refused');
});

test('the VOT ends with a VDOT conclusion, and the list shows the ID blue', async ({ page }) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(`/admin/dot-patient-with-volunteer-detail/${patientId}`);
  await page.getByRole('tab', { name: 'VOT End' }).click();
  const end = page.locator('.p-tabview-panels form.vot-form');
  await end.getByLabel('VOT End Date', { exact: true }).fill(today);
  await end.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient has been updated successfully!')).toBeVisible();

  await page.getByRole('tab', { name: 'VDOT Conclusion' }).click();
  const conclusion = page.locator('.p-tabview-panels form.vot-form');
  await conclusion.getByRole('button', { name: 'Save' }).click();
  await expect(conclusion.getByText('VOT Outcomes is required!')).toBeVisible();
  await conclusion.getByLabel('Date', { exact: true }).fill(today);
  await choose(page, conclusion, 'VOT Outcomes', 'Treatment Complete');
  await conclusion.getByLabel('Remark', { exact: true }).fill('Finished the regimen on VOT');
  await conclusion.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient has been updated successfully!').first()).toBeVisible();
  await shot(page, 'vot-vdot-conclusion');

  await findIn(page, 'Hybrid VOT Patient List');
  await expect(page.getByRole('row', { name: new RegExp(spCode) }).locator('[data-colour]')).toHaveAttribute(
    'data-colour',
    BLUE,
  );
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(spCode) })).toBeVisible();
});
