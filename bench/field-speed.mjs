// A township office's first visit, Lighthouse-style: Chromium throttled through CDP to a Regular 3G
// link (300 ms round trips, 700 kbit/s down, 300 kbit/s up — issue 12) and a mid-range phone's CPU
// (4× slower), against the production builds as `npm start` serves them. For the sign-in page and
// one list page (Region List: shell, admin_data remote and its API calls), each with an empty
// cache, it prints bytes over the wire, requests, first contentful paint, largest contentful paint,
// total blocking time (long tasks' time past 50 ms) and when the page was usable (its form or its
// rows on screen). The same page unthrottled in the same run is the baseline: the ratio is what the
// link and the CPU cost. Lighthouse itself is not used: it needs its own Chrome download.
//
//   node bench/field-speed.mjs [runs=3]     (needs the production builds: node scripts/build.mjs)
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

async function main() {
  const runs = Number(process.argv[2] ?? 3);
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
    const res = await fetch(`${stack.url}/api/v1/io-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'meal.officer@vot.local', password }),
    });
    const { access_token: token } = await res.json();
    const pages = [
      {
        name: '/auth/login',
        url: `${stack.url}/auth/login`,
        ready: (p) => p.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 300_000 }),
      },
      {
        name: '/admin/region-list',
        url: `${stack.url}/admin/region-list`,
        token,
        ready: (p) => p.locator('.p-datatable-tbody tr td').first().waitFor({ timeout: 300_000 }),
      },
    ];
    const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
    const ms = (n) => `${Math.round(n)} ms`;
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
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
