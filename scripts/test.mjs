// `npm test`: installs what is missing (pnpm, dependencies, Debian's Chromium), then runs every
// suite — static checks, jest, the API on PGlite and PostgreSQL, builds, Playwright — and ends
// with one line `N passed, N failed` summing them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { pnpm, root } from './pnpm.mjs';

const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (pkg, name) => join(root, pkg, 'node_modules', '.bin', name);
const results = [];

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  return r.status ?? 1;
}

/** A static check counts as one test. */
function check(name, cmd, args, options) {
  console.log(`\n▶ ${name}`);
  const ok = run(cmd, args, options) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium not found at ${path}: install Debian's chromium package (apt-get install -y chromium)`);
  console.log('Installing Chromium from Debian …');
  if (
    run('apt-get', ['update', '-qq']) !== 0 ||
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } }) !== 0
  ) {
    throw new Error('apt-get could not install chromium');
  }
}

if (pnpm(['install', '--frozen-lockfile', '--reporter=append-only']) !== 0) process.exit(1);
ensureChromium();

check('type-check', 'node', [join('scripts', 'pnpm.mjs'), '-r', '--workspace-concurrency=2', 'run', 'typecheck']);
check('lint', bin('.', 'eslint'), ['.', '--max-warnings=0']);
check('format (prettier --check)', bin('.', 'prettier'), ['--check', '--log-level=warn', '.']);
// Redocly's CLI, recommended rules (redocly.yaml): the document an app team generates its client from.
check('OpenAPI document lint (Redocly)', bin('.', 'redocly'), ['lint', 'docs/openapi.json', '--format=summary'], {
  env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
check('permissions doc is generated from the matrix', bin('.', 'tsx'), [
  join('scripts', 'gen-permissions-doc.ts'),
  '--check',
]);
check('decision records index is current', bin('.', 'tsx'), [join('scripts', 'gen-decisions-index.ts'), '--check']);

/** Runs node:test files, printing as it goes and counting from a TAP copy, as one suite. */
function nodeTests(name, cmd, args, options, tapFile) {
  console.log(`\n▶ ${name}`);
  run(
    cmd,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...args,
    ],
    options,
  );
  if (!existsSync(tapFile)) return results.push({ name, passed: 0, failed: 1 });
  const tap = readFileSync(tapFile, 'utf8');
  const count = (k) => Number(tap.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
  results.push({
    name,
    passed: count('pass'),
    failed: count('fail') + count('cancelled') + (count('pass') === 0 ? 1 : 0),
  });
}

const scriptTests = readdirSync(join(root, 'scripts', 'test'))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => join('scripts', 'test', f));
nodeTests('scripts (static server, supervisor)', process.execPath, scriptTests, {}, join(reports, 'scripts.tap'));

console.log('\n▶ jest (shared, shell, remotes)');
run(bin('.', 'jest'), ['--json', `--outputFile=${join(reports, 'jest.json')}`]);
if (existsSync(join(reports, 'jest.json'))) {
  const j = JSON.parse(readFileSync(join(reports, 'jest.json'), 'utf8'));
  results.push({ name: 'jest', passed: j.numPassedTests, failed: j.numFailedTests + j.numRuntimeErrorTestSuites });
} else results.push({ name: 'jest', passed: 0, failed: 1 });

const apiTests = readdirSync(join(root, 'api', 'test'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test', f));
// Three files at once on CI's two cores: a file waits on PostgreSQL, its disk and its own start as
// much as it computes (docs/decisions/0212: 8.2 min with two at once, 6.6 with three).
nodeTests(
  'api',
  bin('api', 'tsx'),
  ['--test-concurrency=3', ...apiTests],
  { cwd: join(root, 'api') },
  join(reports, 'api.tap'),
);

console.log('\n▶ build (shell and five remotes)');
let built = true;
try {
  await buildAll({ force: process.env.CI === 'true' });
} catch (e) {
  console.error(e.message);
  built = false;
}
results.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1 });

if (built) {
  console.log('\n▶ e2e (Playwright, Chromium)');
  run(bin('e2e', 'playwright'), ['test'], { cwd: join(root, 'e2e') });
  const file = join(reports, 'e2e.json');
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    // A journey that passed only on its retry is counted as passed and named in the summary.
    const name = stats.flaky ? `e2e (${stats.flaky} flaky: passed on retry)` : 'e2e';
    results.push({ name, passed: stats.expected + stats.flaky, failed: stats.unexpected });
  } else results.push({ name: 'e2e', passed: 0, failed: 1 });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.name.padEnd(48)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
