import { ACCOUNTS, expect, signIn, sidebar, test } from './fixtures';

/** Districts, projects and medicines: the region pattern, with their own titles, fields and messages. */
test('a MEAL manager keeps districts, projects and medicines', async ({ page }) => {
  const stamp = Date.now();
  await signIn(page, ACCOUNTS.mealManager);

  for (const { link, title, entity, label } of [
    { link: 'District List', title: 'District List', entity: 'District', label: 'District Name' },
    { link: 'Project', title: 'Project', entity: 'Project', label: 'Project Name' },
    { link: 'Medicine List', title: 'Medicine List', entity: 'Medicine', label: 'Medicine Name' },
  ]) {
    const name = `${entity} ${stamp}`;
    await sidebar(page).getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New' }).click();
    const create = page.getByRole('dialog', { name: `Create ${entity}` });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText(`${label} is required!`)).toBeVisible();
    await create.getByLabel(label).fill(name);
    if (entity === 'Medicine') await create.getByLabel('Abbreviation').fill('Xyz');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${entity} has been created successfully!`)).toBeVisible();

    // New rows come last (ordered by id): on a list longer than a page, go to its last page.
    const last = page.locator('.p-paginator-last');
    if (await last.isVisible()) await last.click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    if (entity === 'Medicine') await expect(row.getByRole('cell', { name: 'Xyz' })).toBeVisible();
    await row.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: `Update ${entity}` });
    await update.getByLabel(label).fill(`${name} b`);
    await update.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${entity} has been updated successfully!`)).toBeVisible();

    await page
      .getByRole('row', { name: new RegExp(`${name} b`) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText(`${entity} has been deleted successfully!`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  }
});

test('a project still used by townships is not deleted, and the user is told why', async ({ page }) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await page.goto('/admin/project');
  const row = page.getByRole('row', { name: /MDR-TB/ });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('This project has townships or accounts and cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /MDR-TB/ })).toBeVisible();
});

test('a Data Assistant reads projects and medicines without New or Action', async ({ page }) => {
  await signIn(page, ACCOUNTS.dataAssistant);
  for (const [path, cell] of [
    ['/admin/project', 'PICTS'],
    ['/admin/medicine-list', 'Bedaquiline'],
    ['/admin/district-list', 'Yangon East'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('cell', { name: cell, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  }
});
