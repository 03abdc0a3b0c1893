import { defineConfig } from '@playwright/test';

/**
 * Journeys against production builds of the shell and the remotes, served from separate origins,
 * and the real API on a fresh database (the stack fixture starts them). Debian's Chromium, no
 * browser download (ARCHITECTURE.md §7).
 */
export default defineConfig({
  testDir: './tests',
  // A journey is a person's whole task (a minute of clicks when the machine is quiet); the budget
  // leaves room for a CI machine whose two cores also run the stack and the browser.
  timeout: 120_000,
  // A save that hashes a new initial password (scrypt at OWASP cost, queued) took over 10 s on a
  // loaded 2-core machine (docs/decisions/0005); 20 s costs a passing step nothing.
  expect: { timeout: 20_000 },
  // One worker: on a 2-core machine two workers (each with its own stack, fixtures.ts PORT_OFFSET)
  // made every journey two to three times slower and the whole run no faster. E2E_WORKERS=2 on a
  // bigger machine. A file's journeys run in order, as several build on the one before.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry in CI: a journey that fails twice is broken, one that passes on retry is reported
  // as flaky in the summary (scripts/test.mjs) rather than hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../.reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
