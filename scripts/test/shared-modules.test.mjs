// How the shell and the remotes share @vot/shared (shared/build/webpack.cjs): the stateful session
// and API client as strict singletons, the stateless kit per build of its source, so a remote
// deployed alone with a newer kit never runs on an older app's copy of it.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { sharedModules, kitVersion, STATEFUL_SUBPATHS, KIT_SUBPATHS, LOCAL_SUBPATHS } = require(
  join(root, 'shared', 'build', 'webpack.cjs'),
);
const sharedPkg = require(join(root, 'shared', 'package.json'));
// The Module Federation runtime's own version matching, as the browser runs it.
// (a dependency of a dependency: found in pnpm's store of this install).
const store = join(root, 'node_modules', '.pnpm');
const runtimeCore = readdirSync(store).find((d) => d.startsWith('@module-federation+runtime-core@'));
const { satisfy } = require(
  join(
    store,
    runtimeCore,
    'node_modules',
    '@module-federation',
    'runtime-core',
    'dist',
    'utils',
    'semver',
    'index.cjs',
  ),
);

describe('sharing @vot/shared between the shell and the remotes', () => {
  const shared = sharedModules(require(join(root, 'mfe-reports', 'package.json')), join(root, 'mfe-reports'));

  // Not the test helpers (testing, testing/…): eslint keeps them out of app code and no build shares them.
  it('shares every subpath the package exports, each one way', () => {
    const exported = Object.keys(sharedPkg.exports)
      .map((k) => k.replace(/^\.\/?/, ''))
      .filter((k) => k && k !== 'testing' && !['build', 'package.json'].includes(k) && !k.startsWith('testing'));
    for (const sub of exported) {
      const ways = [STATEFUL_SUBPATHS, KIT_SUBPATHS, LOCAL_SUBPATHS].filter((list) => list.includes(sub)).length;
      assert.equal(
        ways,
        1,
        `@vot/shared/${sub} is shared exactly one way (or named a light path that is never shared)`,
      );
    }
  });

  it('never shares a light path: the app that imports it bundles its own', () => {
    for (const sub of LOCAL_SUBPATHS) assert.equal(shared[`@vot/shared/${sub}`], undefined, `@vot/shared/${sub}`);
  });

  it('keeps the session and the API client one object in the page, refusing an older copy', () => {
    for (const sub of STATEFUL_SUBPATHS) {
      const config = shared[`@vot/shared/${sub}`];
      assert.equal(config.singleton, true);
      assert.equal(config.strictVersion, true);
      assert.ok(satisfy(sharedPkg.version, config.requiredVersion));
      const [major, minor, patch] = sharedPkg.version.split('.').map(Number);
      // A remote built after a bump does not accept the copy of a shell built before it.
      assert.ok(!satisfy(`${major}.${minor}.${patch}`, `^${major}.${minor}.${patch + 1}`));
    }
  });

  it("gives the kit per build: the same source shares one copy, another build's kit is never taken", () => {
    const kit = kitVersion();
    for (const sub of KIT_SUBPATHS) {
      const config = shared[`@vot/shared/${sub}`];
      assert.equal(config.singleton, false);
      assert.equal(config.version, kit);
      assert.equal(config.requiredVersion, kit);
      assert.ok(satisfy(kit, config.requiredVersion));
    }
    const src = mkdtempSync(join(tmpdir(), 'kit-'));
    try {
      cpSync(join(root, 'shared', 'src', 'domain'), join(src, 'domain'), { recursive: true });
      const before = kitVersion(src);
      writeFileSync(join(src, 'domain', 'domain.test.ts'), '// a test changes no build');
      assert.equal(kitVersion(src), before);
      writeFileSync(join(src, 'domain', 'added.ts'), 'export const added = 1;');
      const after = kitVersion(src);
      assert.notEqual(after, before);
      assert.ok(!satisfy(before, after), 'an older kit does not satisfy a newer build');
      assert.ok(!satisfy(after, before), 'nor a newer kit an older build');
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
