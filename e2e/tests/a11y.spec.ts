import AxeBuilder from '@axe-core/playwright';
import { ACCOUNTS, expect, sidebar, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
