import { ACCOUNTS, expect, signIn, sidebar, test } from './fixtures';

const groupTitles = (page: import('@playwright/test').Page) => sidebar(page).locator('.vot-menu-group-title');

test('a MEAL role sees every group, accounts included', async ({ page }) => {
  await signIn(page, ACCOUNTS.mealManager);
  await expect(groupTitles(page)).toHaveText([
    'Accounts',
    'Basic Data',
    'Patients',
    'VOT Eligible',
    'VOT Status',
    'Activities',
    'Handouts',
    'Report',
    'Trash',
  ]);
  await expect(sidebar(page).getByRole('link', { name: 'Region List' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Account List' })).toBeVisible();
});

test('a Field Officer sees patients, volunteers and their own trash but no accounts or geography', async ({
  page,
  request,
  stack,
}) => {
  await signIn(page, ACCOUNTS.fieldOfficer);
  // Activities belong to activity staff, Admin and Project Manager (SPEC.md §6), not to Field Officers.
  await expect(groupTitles(page)).toHaveText([
    'Basic Data',
    'Patients',
    'VOT Eligible',
    'VOT Status',
    'Handouts',
    'Report',
    // Their own townships' trash, to read and recover (docs/decisions/0160).
    'Trash',
  ]);
  await expect(sidebar(page).getByRole('link', { name: 'Volunteer List' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Region List' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Account List' })).toHaveCount(0);

  // The route is refused as well as the menu item…
  await page.goto('/admin/region-list');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  // …and so is the API.
  const token = await page.evaluate(() => localStorage.getItem('vot-console-2026-token'));
  const res = await request.get(`${stack.apiUrl}/api/v1/regions`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test('a Data Assistant reads basic data without New, Update or Delete', async ({ page }) => {
  await signIn(page, ACCOUNTS.dataAssistant);
  await expect(groupTitles(page)).toContainText(['Basic Data', 'Trash']);
  await expect(sidebar(page).getByRole('link', { name: 'Account List' })).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('cell', { name: 'Kachin State' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('below 1200 pixels the sidebar starts closed and opens from the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, ACCOUNTS.mealOfficer);
  await expect(sidebar(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
});
