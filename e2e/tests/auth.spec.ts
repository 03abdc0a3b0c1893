import { ACCOUNTS, DEMO_PASSWORD, expect, shot, signInWithForm, signOut, test } from './fixtures';

test.describe('signing in and out', () => {
  test('a wrong password shows the server message and keeps the visitor on the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Email').fill(ACCOUNTS.mealOfficer);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the form asks for both fields in the spec wording', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required!')).toBeVisible();
    await expect(page.getByText('Password is required!')).toBeVisible();
    await shot(page, 'sign-in-required');
  });

  test('a MEAL officer signs in, sees the dashboard, and signs out', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.mealOfficer);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const card of ['Volunteers', 'Patients', 'VOT Status']) {
      await expect(page.getByRole('button', { name: `${card} detail` })).toBeVisible();
    }
    await expect(page.getByRole('cell', { name: 'Able to identify each medication' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Disabilities preventing participation' })).toBeVisible();
    await expect(page.locator('.vot-account-role')).toHaveText('MEAL and Digital Tool Officer');

    // A signed-in visitor of /auth goes to the dashboard; an unknown admin path too.
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await signOut(page);
    // The token is gone: the admin area sends the visitor back to sign in.
    await page.goto('/admin/region-list');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the session survives a reload (the stored token is checked with GET user)', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.dataAssistant);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.locator('.vot-account-name')).not.toBeEmpty();
  });

  test('change password: the server message is shown, and the new password works', async ({ page }) => {
    const newPassword = `${DEMO_PASSWORD}-new`;
    await signInWithForm(page, ACCOUNTS.mealAssociate);
    await page.locator('.vot-account-button').click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/admin\/change-password$/);

    const submit = page.getByRole('button', { name: 'Change Password' });
    await submit.click();
    await expect(page.getByText('Current Password is required!')).toBeVisible();

    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('New Password Confirmation').fill(newPassword);
    await submit.click();
    await expect(page.getByText('Current Password is incorrect!').first()).toBeVisible();

    await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await submit.click();
    await expect(page.getByText('Password has been changed successfully!')).toBeVisible();

    await signOut(page);
    await signInWithForm(page, ACCOUNTS.mealAssociate, newPassword);
  });
});
