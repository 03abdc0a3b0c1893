import {
  ACCOUNTS,
  bearerOf,
  choose,
  expect,
  ownPassword,
  signIn,
  signInWithForm,
  signOut,
  sidebar,
  test,
} from './fixtures';

test('a MEAL officer builds geography, registers a Field Officer who signs in with the initial password', async ({
  page,
  request,
  stack,
}) => {
  const stamp = Date.now();
  const township = `Township ${stamp}`;
  const email = `fo.${stamp}@vot.local`;
  await signIn(page, ACCOUNTS.mealOfficer);

  // Geography from nothing: a region, a district, then a township of the MDR-TB project.
  for (const [path, entity, label, name] of [
    ['/admin/region-list', 'Region', 'Region Name', `Region ${stamp}`],
    ['/admin/district-list', 'District', 'District Name', `District ${stamp}`],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: `Create ${entity}` });
    await dialog.getByLabel(label).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${entity} has been created successfully!`)).toBeVisible();
  }
  await page.goto('/admin/township-list');
  await page.getByRole('button', { name: 'New' }).click();
  const newTownship = page.getByRole('dialog', { name: 'Create Township' });
  await choose(page, newTownship, 'Region', `Region ${stamp}`);
  await choose(page, newTownship, 'District', `District ${stamp}`);
  await choose(page, newTownship, 'Project', 'MDR-TB');
  await newTownship.getByLabel('Township Name').fill(township);
  await newTownship.getByLabel('Township Acronym').fill('NEW');
  await newTownship.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Township has been created successfully!')).toBeVisible();

  // The account: the project and township are asked for a Field Officer only.
  await sidebar(page).getByRole('link', { name: 'Account List' }).click();
  await expect(page.getByRole('heading', { name: 'Account List' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const create = page.getByRole('dialog', { name: 'Create Account' });
  await create.getByRole('button', { name: 'Save' }).click();
  for (const message of ['Name is required!', 'Email is required!', 'Role is required!'])
    await expect(create.getByText(message)).toBeVisible();
  await expect(create.getByText('Project', { exact: true })).toHaveCount(0);
  await create.getByLabel('Name').fill('Ko Zaw');
  await create.getByLabel('Email').fill(email);
  await choose(page, create, 'Role', 'Field Officer');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('Project is required!')).toBeVisible();
  await expect(create.getByText('Township is required!')).toBeVisible();
  await choose(page, create, 'Project', 'MDR-TB');
  await choose(page, create, 'Township', township);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account has been created successfully!')).toBeVisible();

  // Found with the email filter; the initial password is in the list.
  await page.getByRole('textbox', { name: 'Email' }).fill(`fo.${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`email=fo.${stamp}`));
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Field Officer');
  await expect(row).toContainText(township);
  await expect(row).toContainText('MDR-TB');
  const password = (await row.getByRole('cell').nth(3).innerText()).trim();
  expect(password).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  await signOut(page);

  // The Field Officer signs in with it: nothing but choosing a password of their own until then.
  await signInWithForm(page, email, password);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(
    page.getByText('You signed in with an initial password. Choose your own password to continue.'),
  ).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('vot-console-2026-token'));
  const refused = await request.get(`${stack.apiUrl}/api/v1/regions`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'Please change your initial password before you continue.' });
  await page.screenshot({ path: test.info().outputPath('initial-password.png') });
  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('New Password', { exact: true }).fill('my own passphrase');
  await page.getByLabel('New Password Confirmation').fill('my own passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password has been changed successfully!')).toBeVisible();
  // The console opens, with what a Field Officer may see.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Account List' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Township List' })).toHaveCount(0);
  await page.goto('/admin/account-list');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  expect(
    (await request.get(`${stack.apiUrl}/api/v1/users`, { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(403);
  await signOut(page);

  // The plain password is gone for good.
  await signIn(page, ACCOUNTS.mealOfficer);
  await page.goto(`/admin/account-list?email=fo.${stamp}`);
  const after = page.getByRole('row', { name: new RegExp(email) });
  await expect(after).toBeVisible();
  await expect(after.getByRole('cell').nth(3)).toHaveText('');

  // Email Update, then Delete with confirmation.
  await after.getByRole('button', { name: 'Email Update' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Update Account Email' });
  await emailDialog.getByLabel('Email', { exact: true }).fill(`zaw.${stamp}@vot.local`);
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email has been updated successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/email=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(`zaw.${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const renamed = page.getByRole('row', { name: new RegExp(`zaw.${stamp}@vot.local`) });
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Account has been deleted successfully!')).toBeVisible();
  await expect(page.getByText('No records found.')).toBeVisible();
});

test('the role filter narrows the account list and survives a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin/account-list');
  await page.getByRole('search').locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Data Assistant', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/role=Data\+Assistant|role=Data%20Assistant/);
  await expect(page.getByRole('row', { name: /data\.assistant@vot\.local/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /meal\.officer@vot\.local/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /data\.assistant@vot\.local/ })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test("an administrator ends a user's sessions: that user is signed out at their next step", async ({
  page,
  browser,
}) => {
  const elsewhere = await browser.newContext();
  const theirs = await elsewhere.newPage();
  try {
    await signIn(theirs, ACCOUNTS.dataAssistant);
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/account-list?email=data.assistant');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'data.assistant@vot.local', exact: true }) });
    await row.getByRole('button', { name: 'End Sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm.getByText('will be signed out on every device and must sign in again.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, end them!' }).click();
    await expect(page.getByText(/^[1-9]\d* session\(s\) ended\.$/)).toBeVisible();
    await theirs.reload();
    await expect(theirs).toHaveURL(/\/auth\/login$/);
  } finally {
    await elsewhere.close();
  }
});

test("an administrator resets a user's forgotten password: they are signed out, and the new initial password in the list lets them choose their own", async ({
  page,
  browser,
  request,
  stack,
}) => {
  // The user, prepared through the API: a MEAL Associate who has already chosen their own password.
  const api = `${stack.apiUrl}/api/v1`;
  const admin = await bearerOf(request, api, ACCOUNTS.admin);
  const email = `forgetful.${Date.now()}@vot.local`;
  const created = await request.post(`${api}/io-register`, {
    headers: admin,
    data: { name: 'Daw Mya', email, role: 'MEAL Associate' },
  });
  expect(created.status()).toBe(201);
  const own = await ownPassword(request, stack.apiUrl, email, (await created.json()).data.plain_password);
  const elsewhere = await browser.newContext();
  const theirs = await elsewhere.newPage();
  try {
    await signIn(theirs, email, own);

    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/admin/account-list?email=${email}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
    await expect(row.getByRole('cell').nth(3)).toHaveText('');
    await row.getByRole('button', { name: 'Reset Password' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(
      confirm.getByText('Daw Mya gets a new initial password, shown in this list, and is signed out on every device.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, reset it!' }).click();
    await expect(page.getByText('Initial password reset.')).toBeVisible();
    const initial = row.getByRole('cell').nth(3);
    await expect(initial).toHaveText(/^\w{4}-\w{4}-\w{4}$/);
    const password = (await initial.innerText()).trim();

    // Signed out where they were; their old password no longer opens the console, the new one asks for their own.
    await theirs.reload();
    await expect(theirs).toHaveURL(/\/auth\/login$/);
    expect((await request.post(`${api}/io-login`, { data: { email, password: own } })).status()).toBe(401);
    await signInWithForm(theirs, email, password);
    await expect(theirs.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
