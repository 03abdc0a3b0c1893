// Measures, in Chromium against the production builds as `npm start` serves them, what a user
// downloads before the sign-in page is usable: every byte over the wire (headers included, as
// Chromium counts them) and every request, on a first visit (empty cache) and on a repeat visit
// (same browser profile); then the JS before the Region List is usable. Baseline measured in the
// same run: the gzip size of React + ReactDOM's own production builds, the floor of any React page.
//
//   node bench/startup-bytes.mjs          (needs the production builds: node scripts/build.mjs)
//   BENCH_PORT_OFFSET=100 moves its ports (3300/4300) so two checkouts can run it side by side.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root } from '../scripts/pnpm.mjs';
import { brotliSettled } from '../scripts/serve.mjs';
import { startStack } from '../scripts/stack.mjs';

const requireFromShell = createRequire(join(root, 'shell', 'package.json'));
const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');

function baselineBytes() {
  // The packages' exports maps hide cjs/, so read the files beside each package.json.
  const dir = (pkg) => dirname(requireFromShell.resolve(`${pkg}/package.json`));
  const files = [
    join(dir('react'), 'cjs/react.production.js'),
    join(dir('react-dom'), 'cjs/react-dom.production.js'),
    join(dir('react-dom'), 'cjs/react-dom-client.production.js'),
  ];
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
}

/**
 * Records a page's requests through CDP: URL, type, bytes received over the network (0 for an
 * answer from the browser's cache) and whether it came from the cache.
 */
export async function recordNetwork(page) {
  const client = await page.context().newCDPSession(page);
  await client.send('Network.enable');
  const requests = new Map();
  client.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0, cached: false, status: 0 });
  });
  client.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  client.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    r.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) r.cached = true;
  });
  client.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return {
    requests,
    all: () => [...requests.values()],
    bytes: (filter = () => true) => [...requests.values()].filter(filter).reduce((s, r) => s + r.bytes, 0),
    reset: () => requests.clear(),
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** One line per resource type: requests (from cache) and bytes. */
function byType(rows) {
  const types = new Map();
  for (const r of rows) {
    const t = types.get(r.type) ?? { n: 0, cached: 0, bytes: 0 };
    t.n += 1;
    t.cached += r.cached ? 1 : 0;
    t.bytes += r.bytes;
    types.set(r.type, t);
  }
  return [...types]
    .map(([type, t]) => `${type} ${t.n}${t.cached ? ` (${t.cached} cached)` : ''} ${kb(t.bytes)}`)
    .join(', ');
}

async function main() {
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'vot-bench-'));
  const password = `Bench-${Date.now()}`;
  const stack = await startStack({
    dataDir,
    basePort: 3300 + offset,
    apiPort: 4300 + offset,
    quiet: true,
    runDir: join(dataDir, 'run'),
    env: { VOT_DEMO_PASSWORD: password, VOT_ADMIN_PASSWORD: password },
  });
  // Measured as a server that has been up a while serves: brotli ready (it is made in the background).
  await brotliSettled();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const net = await recordNetwork(page);
    const signInReady = async () => {
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForLoadState('networkidle');
    };

    await page.goto(`${stack.url}/auth/login`);
    await signInReady();
    const first = net.all();
    const signInJs = net.bytes((r) => r.type === 'Script');

    // Repeat visit: the same profile comes back to the page (a new navigation, cache kept).
    net.reset();
    await page.goto('about:blank');
    net.reset();
    await page.goto(`${stack.url}/auth/login`);
    await signInReady();
    const repeat = net.all();

    net.reset();
    await page.getByLabel('Email').fill('meal.officer@vot.local');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/dashboard/);
    await page.waitForLoadState('networkidle');
    const remoteScriptsOnDashboard = net
      .all()
      .filter((r) => r.type === 'Script' && !r.url.startsWith(`${stack.url}/`)).length;
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Region List' }).click();
    await page.getByRole('heading', { name: 'Region List' }).waitFor();
    await page.waitForLoadState('networkidle');
    const regionJs = signInJs + net.bytes((r) => r.type === 'Script');
    const afterSignIn = net.all();

    const sum = (rows) => rows.reduce((s, r) => s + r.bytes, 0);
    const base = baselineBytes();
    console.log(`baseline (React + ReactDOM production, gzip): ${kb(base)}`);
    console.log(
      `/auth/login first visit:  ${kb(sum(first))} over the wire in ${first.length} requests (target ≤ 200 KiB, ≤ 20)`,
    );
    console.log(`    by type: ${byType(first)}`);
    console.log(`    JS ${kb(signInJs)} (${(signInJs / base).toFixed(2)}× baseline)`);
    console.log(
      `/auth/login repeat visit: ${kb(sum(repeat))} over the wire, ${repeat.length} requests, ${repeat.filter((r) => r.cached).length} from cache (target ≤ 5 KiB)`,
    );
    console.log(`    by type: ${byType(repeat)}`);
    console.log(
      `… then Region List (shell + admin_data), JS: ${kb(regionJs)} (${(regionJs / base).toFixed(2)}× baseline)`,
    );
    console.log(`remote scripts fetched on the dashboard (should be 0): ${remoteScriptsOnDashboard}`);
    if (process.argv.includes('--list')) {
      for (const r of first) console.log(`  ${r.type.padEnd(10)} ${kb(r.bytes).padStart(10)} ${r.url}`);
      console.log('  … after Sign in, to the Region List:');
      for (const r of afterSignIn.filter((x) => x.bytes > 0))
        console.log(`  ${r.type.padEnd(10)} ${kb(r.bytes).padStart(10)} ${r.url}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
