import type { Download, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, choose, expect, ownPassword, shot, signIn, signOut, sidebar, test } from './fixtures';
import { sheetRows } from './sheets';

async function exportList(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  return download;
}

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Yangon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const month = today.slice(0, 7);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const name = `Daw Su ${stamp}`;
let detailUrl = '';
let code = '';

test('a Field Officer registers a volunteer in their township, resets their app password, and exports the volunteer list', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await sidebar(page).getByRole('link', { name: 'Volunteer List' }).click();
  await expect(page.getByRole('heading', { name: 'Volunteer List' })).toBeVisible();
  // A Field Officer's list is their townships': no township filter.
  await expect(page.getByRole('search').getByLabel('Township')).toHaveCount(0);

  await page.getByRole('button', { name: 'New' }).click();
  const create = page.getByRole('dialog', { name: 'Create Volunteer' });
  await create.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Name is required!',
    'Gender is required!',
    'Age is required!',
    'Address is required!',
    'Phone is required!',
    'Both MDR and PICTS is required!',
    'Education status is required!',
    'Occupation is required!',
    'Township is required!',
  ]) {
    await expect(create.getByText(message)).toBeVisible();
  }
  await create.getByLabel('Name').fill(name);
  await choose(page, create, 'Gender', 'Female');
  await create.getByLabel('Age').fill('33');
  await create.getByLabel('Address').fill('No. 5, Ward 7, Hlaingthaya');
  await create.getByLabel('Phone', { exact: true }).fill('09421234567');
  await choose(page, create, 'Both MDR and PICTS', 'Yes');
  await choose(page, create, 'Education status', 'Secondary');
  await choose(page, create, 'Occupation', 'CHW');
  await choose(page, create, 'Township', 'Hlaingthaya');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Volunteer has been created successfully!')).toBeVisible();

  // The new volunteer opens in its detail, with the code and the app password to hand out.
  const detail = page.getByRole('dialog', { name: 'Volunteer Detail' });
  // Exact: the Reset Password button's name contains 'Password' too.
  const password = detail.getByLabel('Password', { exact: true });
  await expect(detail.getByLabel('Code')).toHaveValue(/^HTY-V\d{4}$/);
  await expect(password).toHaveValue(/^\w{4}-\w{4}-\w{4}$/);
  code = await detail.getByLabel('Code').inputValue();
  detailUrl = new URL(page.url()).pathname;
  expect(detailUrl).toMatch(/^\/admin\/volunteer-detail\/\d+$/);

  // The volunteer forgot the password: a new initial one, shown in the detail, and the app signed out.
  const first = await password.inputValue();
  await detail.getByRole('button', { name: 'Reset Password' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`${name} gets a new initial password, shown here, and is signed out of the app.`);
  await confirm.getByRole('button', { name: 'Yes, reset it!' }).click();
  await expect(page.getByText('Initial password reset.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(password).toHaveValue(/^\w{4}-\w{4}-\w{4}$/);
  await expect(password).not.toHaveValue(first);
  const reset = await password.inputValue();
  await detail.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/volunteer-list/);

  // The list hands out no passwords; its export does, the new one.
  const rows = await sheetRows(await exportList(page));
  const mine = rows.find((r) => r.Name === name);
  expect(mine).toMatchObject({
    Code: code,
    Password: reset,
    Township: 'Hlaingthaya',
    Gender: 'Female',
    Age: '33',
    Phone: '09421234567',
  });
  expect(new Set(rows.map((r) => r.Township))).toEqual(new Set(['Hlaingthaya', 'Insein']));
});

test('a Project Officer records two trainings, exports them, and records a community activity with referrals', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.projectOfficer);
  await page.goto(detailUrl);
  const detail = page.getByRole('dialog', { name: 'Volunteer Detail' });
  await expect(detail.getByLabel('Name')).toHaveValue(name);
  // Read-only for a Project Officer: no Update, no Delete, but the trainings.
  await expect(detail.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Training' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();

  for (const [date, type] of [
    [`${month}-01`, 'New'],
    [today, 'Refresher'],
  ] as const) {
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Training' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Date is required!')).toBeVisible();
    await expect(dialog.getByText('Type is required!')).toBeVisible();
    await dialog.getByLabel('Date').fill(date);
    await choose(page, dialog, 'Type', type);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Training has been created successfully!').last()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByRole('row', { name: /Refresher/ })).toBeVisible();

  await page.getByRole('search').getByLabel('Month').fill(month);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`month_year=${month}`));
  const download = await exportList(page);
  expect(download.suggestedFilename()).toBe(`Volunteer-Trainings-${month}.xlsx`);
  const trainings = await sheetRows(download);
  expect(trainings.map((r) => r.Type).sort()).toEqual(['New', 'Refresher']);

  await sidebar(page).getByRole('link', { name: 'Community' }).click();
  await expect(page.getByRole('heading', { name: 'Community List' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByRole('heading', { name: 'Create Community' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Community' });
  await form.getByRole('button', { name: 'Save' }).click();
  for (const message of ['Volunteer is required!', 'Date is required!', 'Referral is required!'])
    await expect(form.getByText(message)).toBeVisible();
  // Two volunteers may share a name: the options carry the code.
  await choose(page, form, 'Volunteer', `${name} (${code})`);
  await form.getByLabel('Date').fill(today);
  await choose(page, form, 'Referral', 'Yes');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please insert referral count!')).toBeVisible();
  await form.getByLabel('Male', { exact: true }).fill('2');
  await form.getByLabel('Female').fill('3');
  await expect(form.getByLabel('Total')).toHaveValue('5');
  await choose(page, form, 'Place', 'Station Hospital');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('row', { name: /Station Hospital/ })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Community has been created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Community List' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Hlaingthaya');
  await expect(row).toContainText('5');
});

test('a MEAL officer uploads the volunteer handout; a renamed non-PDF is refused', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Volunteer Handout' }).click();
  await expect(page.getByRole('heading', { name: 'Volunteer Handout' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Volunteer Handout' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'leaflet.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is a text file, not a PDF'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('The file must be a PDF!')).toBeVisible();
  await shot(page, 'handout-refused');
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'volunteer-leaflet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Volunteer Handout has been created successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

  // The link opens without a bearer token and serves the very bytes uploaded.
  const link = page.getByRole('link', { name: /volunteer-leaflet\.pdf/ });
  const href = await link.getAttribute('href');
  const res = await request.get(new URL(href!, page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.compare(await res.body(), PDF)).toBe(0);
});

test('the Field Officer moves the volunteer to trash; a MEAL officer recovers them and exports their township', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  await page.goto(detailUrl);
  const detail = page.getByRole('dialog', { name: 'Volunteer Detail' });
  await detail.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Volunteer has been deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/volunteer-list/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await signOut(page);

  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Volunteer Trash' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Hlaingthaya');
  await row.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Volunteer has been recovered successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto('/admin/volunteer-list');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Hlaingthaya');

  // Back in Hlaingthaya's list and its export, named after the township.
  await page.getByRole('search').locator('.p-dropdown').click();
  const filter = page.locator('.p-dropdown-filter');
  if (await filter.isVisible()) await filter.fill('Hlaingthaya');
  await page.getByRole('option', { name: 'Hlaingthaya', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/township_id=\d+/);
  await expect(page.getByRole('row', { name: /Insein/ })).toHaveCount(0);
  const download = await exportList(page);
  expect(download.suggestedFilename()).toBe('Volunteers-Hlaingthaya.xlsx');
  const rows = await sheetRows(download);
  expect(rows.map((r) => r.Name)).toContain(name);
  expect(new Set(rows.map((r) => r.Township))).toEqual(new Set(['Hlaingthaya']));
});

test('a Field Officer of another township never sees the volunteer', async ({ page, request, stack }) => {
  // A MEAL officer registers a Field Officer for Mingaladon through the API.
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
  const email = `fo.mgd.${stamp}@vot.local`;
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
  await sidebar(page).getByRole('link', { name: 'Volunteer List' }).click();
  await expect(page.getByRole('heading', { name: 'Volunteer List' })).toBeVisible();
  await expect(page.getByText('Daw Nilar Oo')).toBeVisible(); // Mingaladon's demo volunteer
  await expect(page.getByText(name)).toHaveCount(0);
  await page.goto(detailUrl);
  await expect(page.getByText('Volunteer not found.')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('vot-console-2026-token'));
  const id = detailUrl.split('/').pop();
  expect(
    (await request.get(`${api}/volunteers/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(404);
  const exported = await (
    await request.get(`${api}/volunteers-export`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect((exported.data as { name: string }[]).map((v) => v.name)).not.toContain(name);
});
