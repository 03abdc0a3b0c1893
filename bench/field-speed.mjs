// A township office's first visit, Lighthouse-style: Chromium throttled through CDP to a Regular 3G
// link (300 ms round trips, 700 kbit/s down, 300 kbit/s up — issue 12) and a mid-range phone's CPU
// (4× slower), against the production builds as `npm start` serves them. For the sign-in page and
// one list page (Region List: shell, admin_data remote and its API calls), each with an empty
// cache, it prints bytes over the wire, requests, first contentful paint, largest contentful paint,
// total blocking time (long tasks' time past 50 ms) and when the page was usable (its form or its
// rows on screen). Then a Field Officer's morning, step by step in one browser context: the sign-in
// form usable (empty cache), sign in → the dashboard with its menu, the menu → TB Patient List's
// first row (the patients remote not loaded yet), and the next morning: the list reloaded with the
// cache (and service worker) of the first. The same pages and path unthrottled in the same run are
// the baseline: the ratio is what the link and the CPU cost. Lighthouse itself is not used: it
// needs its own Chrome download. A service worker's own fetches are throttled too (its target is
// attached from the browser's CDP session), else a cache's revalidation would travel for free.
//
//   node bench/field-speed.mjs [runs=3] [pages|morning] [--list]   (needs the production builds: node scripts/build.mjs)
//   --list prints every request of each throttled morning step: the page's (over the wire or
//   answered by the browser) and the service worker's own, with their bytes.
//   BENCH_PORT_OFFSET=100 moves its ports (3500/4500).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/pnpm.mjs';
import { brotliSettled } from '../scripts/serve.mjs';
import { startStack } from '../scripts/stack.mjs';
import { recordNetwork } from './startup-bytes.mjs';

const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
const TOKEN_KEY = 'vot-console-2026-token';
const REGULAR_3G = {
  offline: false,
  latency: 300,
  downloadThroughput: (700 * 1024) / 8,
  uploadThroughput: (300 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** Paint and long-task timings, collected from the page's start (buffered observers). */
const OBSERVE = `
  window.__vot = { lcp: 0, tbt: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vot.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vot.tbt += Math.max(0, e.duration - 50); }).observe({ type: 'longtask', buffered: true });
`;

async function visit(browser, { url, token, ready, throttled }) {
  const context = await browser.newContext();
  if (token) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const net = await recordNetwork(page);
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', REGULAR_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const start = Date.now();
  await page.goto(url, { timeout: 300_000 });
  await ready(page);
  const usable = Date.now() - start;
  await page.waitForLoadState('networkidle', { timeout: 300_000 });
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: window.__vot.lcp,
    tbt: window.__vot.tbt,
  }));
  const rows = net.all();
  await context.close();
  return { ...timings, usable, bytes: rows.reduce((s, r) => s + r.bytes, 0), requests: rows.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${Math.round(n)} ms`;
const FIELD_OFFICER = 'field.officer@vot.local';

/**
 * Throttles every service worker of the browser as the page is throttled: DevTools throttles a
 * worker's own fetches only through the worker's target. Attached through the browser session
 * (non-flattened, as Playwright's CDPSession has no child sessions); also counts what the worker
 * fetches, which the page's own recording does not see.
 */
async function throttleWorkers(browser, conditions) {
  const cdp = await browser.newBrowserCDPSession();
  const fetched = { bytes: 0, requests: 0, files: [] };
  const urls = new Map();
  let id = 0;
  const send = (sessionId, method, params) =>
    cdp
      .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) })
      .catch(() => undefined);
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    void send(sessionId, 'Network.enable', {});
    if (conditions) void send(sessionId, 'Network.emulateNetworkConditions', conditions);
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const m = JSON.parse(message);
    if (m.method === 'Network.requestWillBeSent') urls.set(m.params.requestId, m.params.request.url);
    if (m.method === 'Network.loadingFinished') {
      fetched.bytes += m.params.encodedDataLength;
      fetched.requests += 1;
      fetched.files.push({ url: urls.get(m.params.requestId), bytes: m.params.encodedDataLength });
    }
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type === 'service_worker')
      void cdp.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false }).catch(() => undefined);
  });
  return {
    fetched,
    reset: () => Object.assign(fetched, { bytes: 0, requests: 0, files: [] }),
    detach: () => cdp.detach(),
  };
}

/** A Field Officer's morning in one context: each step's time from its action to its screen, its bytes and requests. */
async function morning(browser, { url, password, throttled }) {
  const workers = await throttleWorkers(browser, throttled ? REGULAR_3G : null);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const net = await recordNetwork(page);
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', REGULAR_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const firstRow = () => page.locator('.p-datatable-tbody tr td').first().waitFor({ timeout: 300_000 });
  const steps = {};
  async function step(name, act, ready) {
    net.reset();
    workers.reset();
    const start = Date.now();
    await act();
    await ready();
    const time = Date.now() - start;
    const rows = net.all();
    const fresh = rows.filter((r) => !r.cached);
    steps[name] = {
      time,
      bytes: rows.reduce((s, r) => s + r.bytes, 0) + workers.fetched.bytes,
      requests: fresh.length + workers.fetched.requests,
      answered: rows.length - fresh.length,
    };
    if (LIST && throttled) listRequests(name, rows, workers.fetched.files);
  }
  await step(
    'signInForm',
    () => page.goto(`${url}/auth/login`, { timeout: 300_000 }),
    () => page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 300_000 }),
  );
  await step(
    'dashboard',
    async () => {
      await page.getByLabel('Email').fill(FIELD_OFFICER);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    () => page.getByRole('link', { name: /TB Patient List/ }).waitFor({ timeout: 300_000 }),
  );
  await step('firstRow', () => page.getByRole('link', { name: /TB Patient List/ }).click(), firstRow);
  // What the first morning leaves running (a prefetch, a revalidation) ends before the night.
  await page.waitForLoadState('networkidle', { timeout: 300_000 });
  await page.waitForTimeout(1000);
  await step('nextMorning', () => page.reload({ timeout: 300_000 }), firstRow);
  await context.close();
  await workers.detach();
  steps.firstMorning = {
    time: steps.signInForm.time + steps.dashboard.time + steps.firstRow.time,
    bytes: steps.signInForm.bytes + steps.dashboard.bytes + steps.firstRow.bytes,
    requests: steps.signInForm.requests + steps.dashboard.requests + steps.firstRow.requests,
    answered: steps.signInForm.answered + steps.dashboard.answered + steps.firstRow.answered,
  };
  return steps;
}

/** `--list`: every request of each throttled step, the page's and the service worker's own. */
const LIST = process.argv.includes('--list');
function listRequests(step, rows, workerFiles) {
  const short = (url) => String(url).replace(/^https?:\/\/[^/]+/, (origin) => `:${new URL(origin).port}`);
  console.log(`  ${step}:`);
  for (const r of rows)
    console.log(`    page ${r.cached ? 'cache ' : 'wire  '} ${String(r.bytes).padStart(7)} ${short(r.url)}`);
  for (const f of workerFiles) console.log(`    worker wire   ${String(f.bytes).padStart(7)} ${short(f.url)}`);
}

const MORNING_STEPS = [
  ['signInForm', 'the sign-in form usable, empty cache', 3500],
  ['dashboard', 'sign in → dashboard with its menu', null],
  ['firstRow', "menu → TB Patient List's first row", null],
  ['firstMorning', 'the whole first morning', 8000],
  ['nextMorning', 'the next morning: TB Patient List reloaded, warm cache', 1500],
];

async function measureMorning(browser, { url, password, runs }) {
  const fast = [];
  const slow = [];
  for (let i = 0; i < runs; i++) {
    fast.push(await morning(browser, { url, password, throttled: false }));
    slow.push(await morning(browser, { url, password, throttled: true }));
  }
  const m = (list, step, key) => median(list.map((r) => r[step][key]));
  console.log(`Field Officer's morning (median of ${runs}; requests over the wire, + answered by the browser)`);
  console.log('| step | Regular 3G + 4× CPU | target | unthrottled |');
  console.log('| --- | --- | --- | --- |');
  for (const [key, label, target] of MORNING_STEPS) {
    const slowTime = m(slow, key, 'time');
    console.log(
      `| ${label} | ${ms(slowTime)}, ${kb(m(slow, key, 'bytes'))}, ${m(slow, key, 'requests')} + ${m(slow, key, 'answered')} requests | ${target ? `≤ ${ms(target)}${slowTime <= target ? ' met' : ' missed'}` : ''} | ${ms(m(fast, key, 'time'))} |`,
    );
  }
}

async function measurePages(browser, { url, token, runs }) {
  const pages = [
    {
      name: '/auth/login',
      url: `${url}/auth/login`,
      ready: (p) => p.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 300_000 }),
    },
    {
      name: '/admin/region-list',
      url: `${url}/admin/region-list`,
      token,
      ready: (p) => p.locator('.p-datatable-tbody tr td').first().waitFor({ timeout: 300_000 }),
    },
  ];
  for (const pg of pages) {
    const fast = [];
    const slow = [];
    for (let i = 0; i < runs; i++) {
      fast.push(await visit(browser, { ...pg, throttled: false }));
      slow.push(await visit(browser, { ...pg, throttled: true }));
    }
    const m = (list, key) => median(list.map((r) => r[key]));
    console.log(
      `${pg.name} (median of ${runs}, empty cache): ${kb(m(slow, 'bytes'))} in ${m(slow, 'requests')} requests`,
    );
    console.log(
      `    Regular 3G + 4× CPU: FCP ${ms(m(slow, 'fcp'))}, LCP ${ms(m(slow, 'lcp'))}, TBT ${ms(m(slow, 'tbt'))}, usable ${ms(m(slow, 'usable'))}`,
    );
    console.log(
      `    unthrottled:         FCP ${ms(m(fast, 'fcp'))}, LCP ${ms(m(fast, 'lcp'))}, TBT ${ms(m(fast, 'tbt'))}, usable ${ms(m(fast, 'usable'))}  (usable: ${(m(slow, 'usable') / m(fast, 'usable')).toFixed(1)}× slower throttled)`,
    );
  }
}

async function main() {
  const [runsArg, only] = process.argv.slice(2).filter((a) => a !== '--list');
  const runs = Number(runsArg ?? 3);
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const dataDir = mkdtempSync(join(tmpdir(), 'vot-bench-'));
  const password = `Bench-${Date.now()}`;
  const stack = await startStack({
    dataDir,
    basePort: 3500 + offset,
    apiPort: 4500 + offset,
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
    if (only !== 'morning') {
      const res = await fetch(`${stack.url}/api/v1/io-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'meal.officer@vot.local', password }),
      });
      const { access_token: token } = await res.json();
      await measurePages(browser, { url: stack.url, token, runs });
    }
    if (only !== 'pages') await measureMorning(browser, { url: stack.url, password, runs });
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
