// Which modules the shell and the remotes share, and the kit's version (webpack.cjs builds with them).
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const sharedPkg = require('../package.json');

/**
 * @vot/shared's stateful modules: the session (jotai atoms, notices) and the API client that reads
 * it must be ONE object in the page, so they are singletons. Whichever app loads first provides
 * them (the shell, at sign-in), so a remote built against a newer session or client must fail
 * loudly, never half-work: bump shared/package.json's version whenever these gain or change an
 * export, and the remote's requiredVersion (^ its build's version) refuses an older shell's copy.
 */
const STATEFUL_SUBPATHS = ['api', 'session'];
/**
 * The stateless kit (screens' building blocks, schemas, domain words, permissions, lifecycles) is
 * shared per build of its source, not as a singleton: apps built from the same kit share one copy,
 * and a remote deployed alone with a newer kit gets its own instead of an older app's copy that
 * lacks what it needs (a kit component added since). Its state lives in the stateful modules above.
 */
const KIT_SUBPATHS = ['ui', 'lists', 'remote', 'permissions', 'domain', 'schemas', 'contract', 'operations'];
/**
 * Light paths into the kit, never shared: the app that imports one bundles it (the shell's sign-in
 * page takes the login schema, `validate`, the spinner and the field frame without the indexes
 * around them, which bring every form's schema, formik and PrimeReact). Stateless, so a second copy
 * beside the shared index is harmless; in one build it is the same module as the index's.
 */
const LOCAL_SUBPATHS = ['schemas/session', 'schemas/validate', 'ui/spinner', 'ui/field-frame', 'text/myanmar'];

/** A version naming the kit's source: the package version plus a hash of shared/src (tests aside). */
function kitVersion(root = path.join(__dirname, '..', 'src')) {
  const hash = require('node:crypto').createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name))
        hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file));
    }
  };
  walk(root);
  // A prerelease tag that starts with a letter, so semver never reads it as a number.
  return `${sharedPkg.version}-k${hash.digest('hex').slice(0, 12)}`;
}

/** Modules shared between the shell and the remotes (React and friends are singletons). */
function sharedModules(appPkg, dir) {
  const deps = { ...appPkg.dependencies };
  const single = (name) => ({ singleton: true, requiredVersion: deps[name] });
  // Deep imports (primereact/button) have no package.json of their own: give the version.
  const installed = (name) => require(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
  const votShared = {};
  for (const sub of STATEFUL_SUBPATHS) {
    votShared[`@vot/shared/${sub}`] = {
      singleton: true,
      strictVersion: true,
      version: sharedPkg.version,
      requiredVersion: `^${sharedPkg.version}`,
    };
  }
  const kit = kitVersion();
  for (const sub of KIT_SUBPATHS) {
    votShared[`@vot/shared/${sub}`] = { singleton: false, version: kit, requiredVersion: kit };
  }
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    'react-router-dom': single('react-router-dom'),
    jotai: single('jotai'),
    // Formik's context must be one object: a remote's <Formik> and the kit's fields meet in it.
    formik: single('formik'),
    'primereact/': { ...single('primereact'), version: installed('primereact') },
    ...votShared,
  };
}

module.exports = { sharedModules, kitVersion, STATEFUL_SUBPATHS, KIT_SUBPATHS, LOCAL_SUBPATHS };
