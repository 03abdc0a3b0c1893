import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with `npm start`
import { startStack } from '../../scripts/stack.mjs';
// The days as the app counts them (the programme's timezone), from the one place they are kept.
import { addDays, todayIn } from '../../shared/src/domain/dates';
import { TOKEN_STORAGE_KEY } from '../../shared/src/domain/constants';

export interface Stack {
  url: string;
  apiUrl: string;
  remotesJson: string;
  remoteServers: Record<string, import('node:http').Server>;
  stop: () => Promise<void>;
}

/** Demo accounts (one per role) all get this run's random password; nothing is committed. */
export const DEMO_PASSWORD = `E2e-${randomBytes(9).toString('base64url')}`;

export const ACCOUNTS = {
  admin: 'admin@vot.local',
  mealManager: 'meal.manager@vot.local',
  mealOfficer: 'meal.officer@vot.local',
  mealAssociate: 'meal.associate@vot.local',
  fieldOfficer: 'field.officer@vot.local',
  dataAssistant: 'data.assistant@vot.local',
  projectOfficer: 'project.officer@vot.local',
} as const;

/**
 * Added to every port a test opens, so two checkouts can run their journeys side by side on one
 * machine (E2E_PORT_OFFSET=20 moves 3100/4100 to 3120/4120), and so can this run's parallel
 * workers: each has its own stack, 500 ports above the previous worker's (Playwright sets
 * TEST_PARALLEL_INDEX in a worker).
 */
export const PORT_OFFSET =
  Number(process.env.E2E_PORT_OFFSET ?? 0) + 500 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** A stack on a fresh data folder; `demo: false` seeds only the administrator (seconds instead of the demo's minute). */
export async function startTestStack(
  basePort: number,
  apiPort: number,
  env: Record<string, string> = {},
  { demo = true } = {},
) {
  basePort += PORT_OFFSET;
  apiPort += PORT_OFFSET;
  const dataDir = mkdtempSync(join(tmpdir(), 'vot-e2e-'));
  const stack = (await startStack({
    dataDir,
    basePort,
    apiPort,
    demo,
    quiet: true,
    runDir: join(dataDir, 'run'),
    // The journeys sign in faster than a person, all from this machine's address.
    env: { VOT_DEMO_PASSWORD: DEMO_PASSWORD, VOT_ADMIN_PASSWORD: DEMO_PASSWORD, VOT_SIGNIN_PER_MINUTE: '1000', ...env },
  })) as Stack;
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Fixtures = { consoleErrors: string[] };
type WorkerFixtures = { stack: Stack };

export const test = base.extend<Fixtures, WorkerFixtures>({
  stack: [
    async ({}, use) => {
      const stack = await startTestStack(3100, 4100);
      await use(stack);
      await stack.stop();
    },
    // A first start migrates and seeds: minutes when six checkouts share a busy 2-core machine.
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
  /** Every journey fails on a console error unless it expects one (a stopped remote). */
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      // A 4xx the UI handles (wrong password, validation, expiry) is not an error of the page.
      const handled = /Failed to load resource: the server responded with a status of 4(00|01|03|04|09|29)/;
      page.on('console', (m) => m.type() === 'error' && !handled.test(m.text()) && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      if (!testInfo.annotations.some((a) => a.type === 'console-errors-expected')) {
        expect(errors, 'console errors').toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };

/** A sign-in's password hash can take longer than the default 10 s on a loaded machine. */
const SIGN_IN_WAIT = 60_000;

/** The sign-in form, as a person uses it: for the journeys about signing in (auth.spec, initial passwords). */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD, base = '') {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_WAIT });
}

/**
 * This worker's sessions, one per account: a sign-in costs a password hash at OWASP parameters
 * (1.5–2.5 s on a loaded 2-core machine), and the journeys sign in some fifty times. A session a
 * journey ended (Logout, End Sessions, a password reset) is found dead by GET user and replaced.
 */
const sessions = new Map<string, string>();

async function sessionOf(page: Page, email: string, password: string, base: string): Promise<string> {
  const key = `${base}|${email}|${password}`;
  const known = sessions.get(key);
  if (known && (await page.request.get(`${base}/api/v1/user`, { headers: { Authorization: `Bearer ${known}` } })).ok())
    return known;
  const login = await page.request.post(`${base}/api/v1/io-login`, {
    data: { email, password },
    timeout: SIGN_IN_WAIT,
  });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
  const token = (await login.json()).access_token as string;
  sessions.set(key, token);
  return token;
}

/**
 * Opens the console signed in as `email`, landing on the dashboard as after the form: the session's
 * token is put where the shell keeps it (TOKEN_STORAGE_KEY) before the page's scripts run, for that
 * one navigation only (a later Logout stays logged out). The form itself is signInWithForm's.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, base = '') {
  const token = await sessionOf(page, email, password, base);
  const entry = await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
  try {
    await page.goto(`${base}/admin/dashboard`);
  } finally {
    await entry.dispose();
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_WAIT });
  // A journey's next step is usually a menu click: under load one landed before the console was
  // drawn and the page stayed on the dashboard, so the sign-in ends when the console's top bar (drawn
  // with the menu; narrow screens keep the menu closed) is there. Not in signInWithForm: an account
  // on its initial password lands on Change Password, which has neither.
  await expect(page.locator('.vot-account-button')).toBeVisible({ timeout: SIGN_IN_WAIT });
}

/** The bearer header of a staff sign-in through the API (`api` is …/api/v1), for journeys that prepare data first. */
export async function bearerOf(request: APIRequestContext, api: string, email: string, password = DEMO_PASSWORD) {
  const login = await request.post(`${api}/io-login`, { data: { email, password } });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${(await login.json()).access_token as string}` };
}

/** With E2E_SCREENSHOTS=<folder>, a journey leaves pictures of its screens there (to look at, not compared). */
export async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Today in Asia/Yangon (the programme's calendar), yyyy-mm-dd, at the moment of the call: the app's own rule. */
export const yangonToday = () => todayIn();

/** Today in Asia/Yangon when the test file was loaded. */
export const today = yangonToday();

/**
 * yyyy-mm-dd `n` days from today in Asia/Yangon (negative: before), taken when called: a suite that
 * runs across the Yangon midnight (17:30 UTC) must ask "tomorrow" of the app's today, not the load's.
 */
export function dayFrom(n: number): string {
  return addDays(yangonToday(), n);
}

export async function signOut(page: Page) {
  await page.locator('.vot-account-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Picks `option` in the dropdown of the field labelled `label` inside `scope` (a dialog). */
export async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope
    .locator('.vot-field', { has: page.getByText(label, { exact: true }) })
    .locator('.p-dropdown, .p-multiselect')
    .click();
  const filter = page.locator('.p-dropdown-filter, .p-multiselect-filter');
  if (await filter.isVisible()) await filter.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A new staff account's initial password only lets it choose its own (issue 12): journeys that are
 * about something else change it through the API first and sign in with the password returned.
 */
export async function ownPassword(request: APIRequestContext, apiUrl: string, email: string, initial: string) {
  const login = await request.post(`${apiUrl}/api/v1/io-login`, { data: { email, password: initial } });
  expect(login.status()).toBe(200);
  const password = `Own-${randomBytes(9).toString('base64url')}`;
  const changed = await request.post(`${apiUrl}/api/v1/io-change-password`, {
    headers: { Authorization: `Bearer ${(await login.json()).access_token}` },
    data: { current_password: initial, new_password: password, new_password_confirmation: password },
  });
  expect(changed.status()).toBe(200);
  return password;
}

/**
 * Codes as long as the programme's formats make them (docs/decisions/0155-patient-lists-fit-1366.md):
 * the SP Code and the DRTB Code with a five-digit running number (SP-HTY-12345, 26-12345, so the
 * Township DRTB Code HTY-26-12345) and a seven-digit DOT Patient ID (GF). The patient's own code and
 * ID come from its id, which a journey's fresh database keeps short.
 */
export function longestCodes(abbreviation: string, n = Date.now()) {
  const run = String(n % 100_000).padStart(5, '0');
  return {
    SP_code: `SP-${abbreviation}-${run}`,
    DRTB_code: `26-${run}`,
    dot_patient_id_gf: 9_000_000 + (n % 1_000_000),
  };
}

/**
 * A 1366 × 768 laptop whose browser draws a 17-pixel scrollbar (Windows; headless Chromium hides
 * its own): every column of the list, the last data column included, lies inside the table beside the
 * menu and left of the Action column, none under it, and the table says no column is hidden.
 */
export async function expectEveryColumnShown(page: Page, row: Locator) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1366 - 17, height: 768 });
  await expect(page.locator('.vot-side-scroll')).toHaveAttribute('data-more-right', 'false');
  const cells = row.getByRole('cell');
  const count = await cells.count();
  const table = (await page.locator('.p-datatable-wrapper').boundingBox())!;
  const last = (await cells.nth(count - 2).boundingBox())!;
  const action = (await cells.nth(count - 1).boundingBox())!;
  expect(last.x + last.width, 'the last data column ends where the Action column begins').toBeLessThanOrEqual(
    action.x + 0.5,
  );
  expect(action.x + action.width, 'the Action column ends inside the table').toBeLessThanOrEqual(
    table.x + table.width + 0.5,
  );
  await expect(cells.nth(count - 2)).toBeInViewport({ ratio: 1 });
  if (viewport) await page.setViewportSize(viewport);
}
