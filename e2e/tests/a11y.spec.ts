import AxeBuilder from '@axe-core/playwright';
import { ACCOUNTS, expect, sidebar, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Region List has no serious accessibility violations', async ({ page }) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  await expect(page.locator('.p-datatable-tbody tr').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the product's main screens have no serious accessibility violations", async ({ page }) => {
  // One MEAL officer's walk over the demo data: lists of each remote, a registration form, a report
  // and a dashboard. Each screen is checked once its data has arrived.
  await signIn(page, ACCOUNTS.mealOfficer);
  const found: Record<string, string[]> = {};
  const check = async (screen: string) => {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.vot-fullscreen-spinner, .p-datatable-loading-overlay, .p-skeleton')).toHaveCount(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[screen] = violations;
  };
  await check('Dashboard');
  for (const label of [
    'TB Patient List',
    'Eligible Patient List',
    'Pure VOT With Volunteer',
    'Volunteer List',
    'Community',
    'Account List',
    'Patient Dashboard',
    'VOT Report',
  ]) {
    await sidebar(page)
      .getByRole('link', { name: new RegExp(`^${label}`) })
      .click();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await check(label);
  }
  await page.goto('/admin/DSTB-patient-create');
  await expect(page.getByRole('heading', { name: 'Add DRTB patient' })).toBeVisible();
  await check('Add DRTB patient');
  expect(found).toEqual({});
});

test('the visit screens and the VOT calendar have no serious accessibility violations', async ({ page }) => {
  // The demo's VOT patients: one with a volunteer (its visit list, no-app grid and calendar, each
  // with records), one without (the VOT status list of videos the patient sends). Five screens of
  // a remote that loads a patient, then its records: more than one journey's budget when loaded.
  test.setTimeout(240_000);
  await signIn(page, ACCOUNTS.mealOfficer);
  const token = await page.evaluate(() => localStorage.getItem('vot-console-2026-token'));
  const firstOf = async (query: string) => {
    const res = await page.request.get(`/api/v1/patients?${query}&page=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
  };
  const withVolunteer = await firstOf('DOT_with_volunteer=true&pure_or_hybrid=Pure');
  const withoutVolunteer = await firstOf('DOT_with_no_volunteer=true&pure_or_hybrid=Pure');
  const found: Record<string, string[]> = {};
  for (const path of [
    `/admin/dot-list/${withVolunteer}`,
    `/admin/no-app-dot-list/${withVolunteer}`,
    `/admin/VOT-calendar/${withVolunteer}`,
    `/admin/no-volunteer-dot-list/${withoutVolunteer}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.vot-fullscreen-spinner, .p-datatable-loading-overlay, .p-skeleton')).toHaveCount(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  // A visit's detail dialog, with its Burmese labels, from the calendar.
  await page.goto(`/admin/VOT-calendar/${withVolunteer}`);
  await page.locator('.vot-tile').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const dialog = await seriousViolations(page);
  if (dialog.length) found['visit detail'] = dialog;
  expect(found).toEqual({});
});
