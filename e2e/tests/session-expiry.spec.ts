import { ACCOUNTS, expect, signIn, startTestStack, test } from './fixtures';

// A second, short-lived stack whose sessions expire after 3 idle seconds: no demo data, its
// administrator is enough.
test('an expired token signs the user out with the server message', async ({ page }) => {
  test.setTimeout(120_000);
  const stack = await startTestStack(3200, 4200, { VOT_SESSION_IDLE_MINUTES: '0.05' }, { demo: false });
  try {
    await signIn(page, ACCOUNTS.admin, undefined, stack.url);
    await page.waitForTimeout(4_000);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Region List' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  } finally {
    await stack.stop();
  }
});
