import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { ACCOUNTS, PORT_OFFSET, expect, signIn, sidebar, test } from './fixtures';
// @ts-expect-error plain ESM helper shared with `npm start`
import { serveStatic } from '../../scripts/serve.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

function editRemotes(
  file: string,
  edit: (config: { remotes: Record<string, { entry: string; enabled: boolean }> }) => void,
) {
  const original = readFileSync(file, 'utf8');
  const config = JSON.parse(original);
  edit(config);
  writeFileSync(file, JSON.stringify(config));
  return () => writeFileSync(file, original);
}

test('no remote code is downloaded before one of its routes is visited', async ({ page, stack }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await signIn(page, ACCOUNTS.mealOfficer);
  await expect(sidebar(page).getByRole('link', { name: 'Region List' })).toBeVisible();
  expect(scripts.filter((u) => !u.startsWith(`${new URL(stack.url).origin}/`))).toEqual([]);

  await sidebar(page).getByRole('link', { name: 'Region List' }).click();
  await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  const port = (offset: number) => `:${3100 + PORT_OFFSET + offset}/`;
  expect(scripts.some((u) => u.includes(`${port(1)}remoteEntry.js`))).toBe(true);
  expect(scripts.some((u) => [2, 3, 4, 5].some((i) => u.includes(port(i))))).toBe(false);
});

test('a remote mounts its page, and one URL drives every remote, back button included', async ({ page }) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await sidebar(page).getByRole('link', { name: 'VOT Report' }).click();
  await expect(page.getByRole('heading', { name: 'VOT Report' })).toBeVisible();
  await expect(page.locator('[data-remote="reports"]')).toHaveCount(1);
  await sidebar(page).getByRole('link', { name: 'Volunteer List' }).click();
  await expect(page.getByRole('heading', { name: 'Volunteer List' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/VOT-Report$/);
  await expect(page.getByRole('heading', { name: 'VOT Report' })).toBeVisible();
});

test('a disabled remote loses its menu and its deep links explain themselves', async ({ page, stack }) => {
  const restore = editRemotes(stack.remotesJson, (c) => {
    c.remotes.reports!.enabled = false;
  });
  try {
    await signIn(page, ACCOUNTS.mealOfficer);
    await expect(sidebar(page).getByRole('link', { name: 'Region List' })).toBeVisible();
    await expect(sidebar(page).getByText('Report', { exact: true })).toHaveCount(0);
    await page.goto('/admin/VOT-Report');
    await expect(page.getByRole('heading', { name: 'This module is not available' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Region List' }).click();
    await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
  } finally {
    restore();
  }
});

test('with the console kept by its service worker, an ops toggle in remotes.json shows within one reload', async ({
  page,
  stack,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await expect(sidebar(page).getByRole('link', { name: 'VOT Report' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // A load under the worker's control, so remotes.json is in its cache.
  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: 'VOT Report' })).toBeVisible();
  const restore = editRemotes(stack.remotesJson, (c) => {
    c.remotes.reports!.enabled = false;
  });
  try {
    // The worker answers remotes.json from its cache, finds it changed behind and tells the page.
    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Region List' })).toBeVisible();
    await expect(sidebar(page).getByText('Report', { exact: true })).toHaveCount(0);
  } finally {
    restore();
  }
});

test('a stopped remote leaves the shell working and comes back on Retry', async ({ page, stack }) => {
  test
    .info()
    .annotations.push({ type: 'console-errors-expected', description: 'the stopped remote cannot be fetched' });
  const server: Server = stack.remoteServers.reports!;
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  server.closeAllConnections();
  try {
    await signIn(page, ACCOUNTS.mealOfficer);
    await page.goto('/admin/VOT-Report');
    await expect(page.getByRole('heading', { name: 'This module is not available' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Region List' }).click();
    await expect(page.getByRole('heading', { name: 'Region List' })).toBeVisible();
    await page.goto('/admin/VOT-Report');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  } finally {
    stack.remoteServers.reports = await serveStatic({ dir: join(root, 'mfe-reports', 'dist'), port, cors: true });
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'VOT Report' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'VOT Report' })).toBeVisible();
});

test('a remote rebuilt and redeployed alone is picked up without touching the shell, with its own newer kit', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const outDir = mkdtempSync(join(tmpdir(), 'vot-reports-'));
  // The new build is made from a changed @vot/shared source (as a release after a kit change would
  // be): a stamp file changes the kit's hashed version without changing what it does.
  const stamp = join(root, 'shared', 'src', '.e2e-newer-kit');
  writeFileSync(stamp, `${Date.now()}\n`);
  try {
    // Built asynchronously: a synchronous build would freeze this worker, which also serves the
    // shell, the remotes and the API's output, and Playwright could not even time it out.
    await promisify(execFile)(join(root, 'mfe-reports', 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: join(root, 'mfe-reports'),
      env: { ...process.env, VOT_VERSION: '9.9.9-e2e', VOT_OUT_DIR: outDir },
      timeout: 150_000,
      maxBuffer: 16 * 1024 * 1024,
    });
  } finally {
    rmSync(stamp, { force: true });
  }
  const server: Server = await serveStatic({ dir: outDir, port: 3150 + PORT_OFFSET, cors: true });
  const restore = editRemotes(stack.remotesJson, (c) => {
    c.remotes.reports!.entry = `http://127.0.0.1:${3150 + PORT_OFFSET}/mf-manifest.json`;
  });
  try {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await signIn(page, ACCOUNTS.mealOfficer);
    // Another remote's page first, so its (older) list kit is already in the page; then the report
    // through the menu (a page load would start a new page with an empty share scope).
    await sidebar(page).getByRole('link', { name: 'Volunteer List' }).click();
    await expect(page.getByRole('heading', { name: 'Volunteer List' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'VOT Report' }).click();
    // The page is drawn by the new build (its version), loaded from where it was deployed.
    await expect(page.getByRole('heading', { name: 'VOT Report' })).toBeVisible();
    await expect(page.locator('[data-remote="reports"]')).toHaveAttribute('data-version', '9.9.9-e2e');
    expect(scripts.some((u) => u.startsWith(`http://127.0.0.1:${3150 + PORT_OFFSET}/`))).toBe(true);
    // Two builds of the list kit are in the page's share scope, and the new remote runs on its own.
    const kits = await page.evaluate(() => {
      type Shared = { from: string; loaded?: boolean; lib?: unknown };
      const federation = (
        window as unknown as {
          __FEDERATION__: {
            __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, Shared>>> }[];
          };
        }
      ).__FEDERATION__;
      const versions: Record<string, Shared> = {};
      for (const instance of federation.__INSTANCES__)
        Object.assign(versions, instance.shareScopeMap.default?.['@vot/shared/lists'] ?? {});
      return Object.entries(versions).map(([version, s]) => ({
        version,
        from: s.from,
        loaded: Boolean(s.loaded) || typeof s.lib === 'function',
      }));
    });
    expect(kits.filter((k) => k.loaded).length, JSON.stringify(kits)).toBe(2);
    expect(kits.find((k) => k.from === 'reports')?.loaded, JSON.stringify(kits)).toBe(true);
  } finally {
    restore();
    await new Promise((r) => server.close(r));
    rmSync(outDir, { recursive: true, force: true });
  }
});
