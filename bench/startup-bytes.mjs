// Measures, in Chromium, the JavaScript a user downloads (gzip, as served) before the sign-in page
// is usable, and before the Region List is usable, against a baseline measured in the same run:
// the gzip size of React + ReactDOM's own production builds, the floor of any React page.
//
//   node bench/startup-bytes.mjs          (needs the production builds: node scripts/build.mjs)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../scripts/pnpm.mjs';
import { startStack } from '../scripts/stack.mjs';

const requireFromShell = createRequire(join(root, 'shell', 'package.json'));
const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');

function baselineBytes() {
  // The packages' exports maps hide cjs/, so read the files beside each package.json.
  const dir = (pkg) => dirname(requireFromShell.resolve(`${pkg}/package.json`));
  const files = [join(dir('react'), 'cjs/react.production.js'), join(dir('react-dom'), 'cjs/react-dom.production.js'), join(dir('react-dom'), 'cjs/react-dom-client.production.js')];
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'vot-bench-'));
const password = `Bench-${Date.now()}`;
const stack = await startStack({ dataDir, basePort: 3300, apiPort: 4300, quiet: true, runDir: join(dataDir, 'run'), env: { VOT_DEMO_PASSWORD: password, VOT_ADMIN_PASSWORD: password } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const js = new Map();
  client.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') js.set(e.requestId, { url: e.response.url, bytes: 0 });
  });
  client.on('Network.loadingFinished', (e) => {
    const entry = js.get(e.requestId);
    if (entry) entry.bytes = e.encodedDataLength;
  });
  const total = () => [...js.values()].reduce((s, e) => s + e.bytes, 0);

  await page.goto(`${stack.url}/auth/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const signInBytes = total();

  await page.getByLabel('Email').fill('meal.officer@vot.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard/);
  await page.waitForLoadState('networkidle');
  const remoteScriptsOnDashboard = [...js.values()].filter((e) => !e.url.includes(':3300/')).length;
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Region List' }).click();
  await page.getByRole('heading', { name: 'Region List' }).waitFor();
  await page.waitForLoadState('networkidle');
  const regionBytes = total();

  const base = baselineBytes();
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`baseline (React + ReactDOM production, gzip): ${kb(base)}`);
  console.log(`sign-in page, all JS over the wire:           ${kb(signInBytes)}  (${(signInBytes / base).toFixed(2)}× baseline)`);
  console.log(`… then Region List (shell + admin_data):      ${kb(regionBytes)}  (${(regionBytes / base).toFixed(2)}× baseline)`);
  console.log(`remote scripts fetched on the dashboard (should be 0): ${remoteScriptsOnDashboard}`);
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
