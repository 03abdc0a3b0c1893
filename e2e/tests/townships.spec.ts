import { ACCOUNTS, choose, expect, signIn, sidebar, test } from './fixtures';

test('a MEAL officer adds a township to a project, renames it and deletes it', async ({ page }) => {
  const name = `Township ${Date.now()}`;
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Township List' }).click();
  await expect(page.getByRole('heading', { name: 'Township List' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Hlaingthaya HTY Yangon Region Yangon North MDR-TB/ })).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  const create = page.getByRole('dialog', { name: 'Create Township' });
  await create.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Region is required!',
    'District is required!',
    'Project is required!',
    'Township Name is required!',
    'Township Acronym is required!',
  ]) {
    await expect(create.getByText(message)).toBeVisible();
  }
  await choose(page, create, 'Region', 'Yangon Region');
  await choose(page, create, 'District', 'Yangon West');
  await choose(page, create, 'Project', 'PICTS');
  await create.getByLabel('Township Name').fill(name);
  await create.getByLabel('Township Acronym').fill('TST');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Township has been created successfully!')).toBeVisible();

  await page.locator('.p-paginator-last').click();
  const row = page.getByRole('row', { name: new RegExp(`${name} TST Yangon Region Yangon West PICTS`) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update Township' });
  // The project is chosen once, at creation.
  await expect(update.getByText('Project', { exact: true })).toHaveCount(0);
  await update.getByLabel('Township Name').fill(`${name} b`);
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Township has been updated successfully!')).toBeVisible();

  await page
    .getByRole('row', { name: new RegExp(`${name} b`) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Township has been deleted successfully!')).toBeVisible();
});
