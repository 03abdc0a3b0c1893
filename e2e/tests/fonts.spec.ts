import { ACCOUNTS, expect, sidebar, signIn, test } from './fixtures';

// The shell's fonts.css: the system's sans-serif for the sign-in page, Latin Inter for the console, Noto Sans Myanmar by unicode-range, so a
// township link downloads the Myanmar font only once Burmese is on screen, for any remote's page.
test('Burmese is drawn in Noto Sans Myanmar, downloaded only when Burmese text is on screen', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
  });

  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The sign-in page draws in the system's sans-serif: no font on a first visit (issue 12's 200 KiB).
  expect(fonts).toEqual([]);
  // Burmese typed into the form is drawn in Noto Sans Myanmar, first in the sign-in page's stack: its
  // unicode-range leaves Latin to the system's font; after system-ui, Chromium drew empty boxes.
  expect(await page.getByLabel('Email').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
    /^"Noto Sans Myanmar", system-ui/,
  );

  // The console: Latin Inter, and no Myanmar font before Burmese is on screen.
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts.filter((f) => f.includes('inter-latin'))).toEqual([
    expect.stringMatching(/\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2$/),
  ]);
  expect(fonts.filter((f) => f.includes('myanmar'))).toEqual([]);

  // A region named in Burmese, as typed by a person (admin_data remote's dialog and list).
  const name = `ရန်ကုန်တိုင်း ${Date.now()}`;
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Region' });
  await dialog.getByLabel('Region Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Region has been created successfully!')).toBeVisible();
  await page.locator('.p-paginator-last').click();
  const cell = page.getByRole('cell', { name, exact: true });
  await expect(cell).toBeVisible();

  await expect
    .poll(() => fonts.filter((f) => f.includes('myanmar')))
    .toEqual([expect.stringMatching(/\/noto-sans-myanmar-myanmar-400-normal\.[0-9a-f]{8}\.woff2$/)]);
  expect(await cell.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Myanmar');
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((f) => f.status === 'loaded')
      .map((f) => `${f.family.replaceAll('"', '')} ${f.weight}`);
  });
  expect(loaded).toContain('Noto Sans Myanmar 100 500');
  await page.screenshot({ path: test.info().outputPath('burmese-region.png') });

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Region has been deleted successfully!')).toBeVisible();
});
