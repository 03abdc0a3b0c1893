import { ACCOUNTS, expect, signIn, sidebar, test } from './fixtures';

test('a MEAL officer creates, updates and deletes a region', async ({ page }) => {
  const name = `Region ${Date.now()}`;
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  // Demo data holds more regions than one page: the paginator is shown.
  await expect(page.locator('.p-paginator')).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Region' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Region Name is required!')).toBeVisible();
  await dialog.getByLabel('Region Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Region has been created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new region is last (ordered by id): go to the last page through the URL.
  await page.locator('.p-paginator-last').click();
  await expect(page).toHaveURL(/page=\d+/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update Region' });
  await expect(update.getByLabel('Region Name')).toHaveValue(name);
  await update.getByLabel('Region Name').fill(`${name} updated`);
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Region has been updated successfully!')).toBeVisible();
  const updated = page.getByRole('row', { name: new RegExp(`${name} updated`) });
  await expect(updated).toBeVisible();

  // The same name twice is refused with the server's field message, and the dialog keeps the input.
  await page.getByRole('button', { name: 'New' }).click();
  const again = page.getByRole('dialog', { name: 'Create Region' });
  await again.getByLabel('Region Name').fill(`${name} updated`);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText('Region Name has already been taken!')).toBeVisible();
  await expect(again.getByLabel('Region Name')).toHaveValue(`${name} updated`);
  await again.getByRole('button', { name: 'Cancel' }).click();

  await updated.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText("You won't be able to recover this!")).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Region has been deleted successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a region page is in the URL: a reload keeps page 2', async ({ page }) => {
  await signIn(page, ACCOUNTS.mealManager);
  await page.goto('/admin/region-list?page=2');
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  await expect(page.locator('.p-paginator-page.p-highlight')).toHaveText('2');
  await page.getByRole('button', { name: 'Back' }).click();
});
