// Webpack configuration shared by the shell and every remote (ARCHITECTURE.md §2).
// Build tools are resolved from the calling app's own folder, so each app builds alone
// with the versions it declares.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');

const sharedPkg = require('../package.json');

function fromApp(dir, id) {
  return require(require.resolve(id, { paths: [dir] }));
}

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

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/** Prints the gzip size of what a browser downloads first: the shell's start-up JS, a remote's entry. */
class GzipReportPlugin {
  constructor(label, pick) {
    this.label = label;
    this.pick = pick;
  }
  apply(compiler) {
    compiler.hooks.done.tap('GzipReportPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const out = stats.compilation.outputOptions.path;
      const files = this.pick(stats.compilation);
      const rows = files.map((f) => [f, gzipSize(path.join(out, f))]);
      const total = rows.reduce((s, [, n]) => s + n, 0);
      const detail = rows.length > 3 ? `${rows.length} files` : rows.map(([f, n]) => `${f} ${kb(n)}`).join(', ');
      console.log(`[size] ${this.label}: ${kb(total)} gzip (${detail})`);
    });
  }
}

/**
 * The JavaScript the shell needs before it can draw anything: the entry, the bootstrap chunk behind
 * its async boundary, and the shared modules (React, PrimeReact, …) that chunk consumes — but not
 * lazy pages, which load only when their route is visited.
 */
function startupFiles(compilation) {
  const files = new Set();
  const seen = new Set();
  const visit = (group, include) => {
    if (seen.has(group)) return;
    seen.add(group);
    if (!include) return; // a lazy page's own shared modules load with it, not at start-up
    for (const f of group.getFiles()) if (f.endsWith('.js')) files.add(f);
    for (const child of group.getChildren()) {
      const consumesShared = child.origins.some((o) => o.module?.constructor?.name === 'ConsumeSharedModule');
      visit(child, group.isInitial() || consumesShared);
    }
  };
  visit(compilation.entrypoints.get('main'), true);
  return [...files];
}

/**
 * The page's Content-Security-Policy allows <style> elements only with the nonce of that response
 * (scripts/serve.mjs writes it into `<meta property="csp-nonce">`). Every webpack runtime — the
 * shell's and each remote's, which run in the shell's page — reads it at start-up into
 * `__webpack_nonce__`, which style-loader and chunk loading put on the elements they add.
 */
class CspNoncePlugin {
  apply(compiler) {
    const { RuntimeModule, RuntimeGlobals } = compiler.webpack;
    class CspNonceRuntimeModule extends RuntimeModule {
      constructor() {
        // After webpack's own nonce module (STAGE_ATTACH), which sets it to undefined.
        super('csp nonce', RuntimeModule.STAGE_TRIGGER);
      }
      generate() {
        return `if (typeof document !== 'undefined') { var meta = document.querySelector('meta[property="csp-nonce"]'); if (meta && meta.nonce) ${RuntimeGlobals.scriptNonce} = meta.nonce; }`;
      }
    }
    compiler.hooks.thisCompilation.tap('CspNoncePlugin', (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap('CspNoncePlugin', (chunk, set) => {
        set.add(RuntimeGlobals.scriptNonce);
        compilation.addRuntimeModule(chunk, new CspNonceRuntimeModule());
      });
    });
  }
}

/** Emits module.json (routes + menu) from the remote's typed src/module.ts. */
class ModuleJsonPlugin {
  constructor(dir, version) {
    this.dir = dir;
    this.version = version;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ModuleJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ModuleJsonPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const file = path.join(this.dir, 'src', 'module.ts');
          // Through createRequire, so tsx and module.ts hang off no module of this config: webpack's
          // persistent cache follows the config's require tree, and tsx's `?namespace=` ids break it.
          const tsx = createRequire(path.join(this.dir, 'package.json'))(
            require.resolve('tsx/cjs/api', { paths: [this.dir, __dirname] }),
          );
          const mod = tsx.require(file, __filename);
          const remoteModule = { ...(mod.remoteModule ?? mod.default), version: this.version };
          compilation.emitAsset('module.json', new RawSource(JSON.stringify(remoteModule, null, 2)));
        },
      );
    });
  }
}

/**
 * swc's minifier instead of terser (webpack's default): about ten times faster on the same output
 * size. Its plugin is the one webpack itself depends on, so it is resolved from webpack's folder.
 */
function swcMinimizer(dir) {
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [dir] }));
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new MinimizerPlugin({
    minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
  });
}

/**
 * webpack's persistent cache, in the app's node_modules/.cache: keyed on this file, the app's
 * package.json and the lockfile (any change of build code or dependency starts it afresh), and
 * on the mode. Not on the release stamp (VOT_VERSION): it reaches the code through DefinePlugin,
 * whose values webpack's cache tracks module by module, and module.json at emit time, so a build
 * stamped for a release reuses the modules of the last build instead of starting cold (the
 * redeploy journey's rebuild of a remote: ~100 s → seconds). CI starts from a clean checkout, so it
 * never trusts an old cache.
 */
function persistentCache(dir, mode) {
  const lockfile = path.join(__dirname, '..', '..', 'pnpm-lock.yaml');
  return {
    type: 'filesystem',
    cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
    name: mode,
    buildDependencies: {
      config: [
        __filename,
        STRIP_FONT_FACES,
        path.join(dir, 'package.json'),
        ...(fs.existsSync(lockfile) ? [lockfile] : []),
      ],
    },
  };
}

/** PrimeReact themes bring an @font-face of every script of Inter (338 KiB): the shell declares its own subsets. */
const STRIP_FONT_FACES = path.join(__dirname, 'strip-font-faces-loader.cjs');

/**
 * How an app's CSS reaches the page. The shell's is extracted into content-hashed .css files
 * (cached for good, parsed while the JS downloads, no JS needed to paint); a remote's stays in
 * its JS (style-loader, with the page's CSP nonce) so a remote remains one entry to deploy.
 */
function cssRule(dir, extract) {
  const use = [
    extract ? fromApp(dir, 'mini-css-extract-plugin').loader : require.resolve('style-loader', { paths: [dir] }),
    require.resolve('css-loader', { paths: [dir] }),
  ];
  return {
    test: /\.css$/,
    oneOf: [{ test: /primereact[\\/]resources[\\/]themes[\\/]/, use: [...use, STRIP_FONT_FACES] }, { use }],
  };
}

function baseConfig({ dir, name, mode, port, extractCss = false }) {
  const prod = mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    context: dir,
    // VOT_WEBPACK_CACHE=0 builds from scratch (what `node scripts/build.mjs --force` measures cold).
    cache: process.env.VOT_WEBPACK_CACHE === '0' ? false : persistentCache(dir, prod ? 'production' : 'development'),
    // The cache skips Module Federation's shared-module entries (no serializer registered for
    // ProvideSharedModule) with a warning each: dozens of lines in every `npm start`, none of them
    // actionable. Errors still print.
    infrastructureLogging: { level: 'error' },
    optimization: prod ? { minimizer: [swcMinimizer(dir)] } : {},
    // No source maps in production: they would publish the sources, and cost build time.
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      // VOT_OUT_DIR builds into another folder, e.g. an immutable versioned deploy folder.
      path: process.env.VOT_OUT_DIR ? path.resolve(process.env.VOT_OUT_DIR) : path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      // Entry files keep plain names (the federation runtime cannot hash them; they are served
      // no-cache and tiny); every chunk they load is content-hashed and cached for good.
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader', { paths: [dir] }),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                target: 'es2020',
              },
            },
          },
        },
        cssRule(dir, extractCss),
        // A logo of a few hundred bytes costs more in a request's headers than in the code that
        // names it: small images are inlined as data: URLs (the page's img-src allows data:).
        {
          test: /\.(svg|png|jpe?g|gif)$/,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 1024 } },
        },
        { test: /\.(woff2?|ttf|eot)$/, type: 'asset/resource' },
        // A document a screen shows as text (the figure definitions, docs/figures.md).
        { test: /\.md$/, type: 'asset/source' },
      ],
    },
    plugins: [new CspNoncePlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: { port, historyApiFallback: true, headers: { 'Access-Control-Allow-Origin': '*' } },
  };
}

/**
 * The shell's code in a few chunks instead of one per shared module (51 requests, each a round
 * trip on a 300 ms township link). The sign-in page needs only the first three: React and the
 * router (framework), the session, its API client with axios, the spinner and the field frame
 * (session), yup and the few schema modules its form is checked with (schema). The signed-in
 * console adds formik (forms), PrimeReact's core and the form controls the kit draws (primereact),
 * and the rest of @vot/shared's light modules (vot). A remote asking the shell for one of these
 * singletons gets its group's chunk, already in the browser's cache. The list kit, remote
 * lifecycles and the rest of PrimeReact keep their own chunks, fetched when used.
 */
const PRIMEREACT_CORE = [
  'api',
  'utils',
  'hooks',
  'componentbase',
  'ripple',
  'tooltip',
  'iconbase',
  'icons',
  'button',
  'message',
  'inputtext',
  'keyfilter',
  'progressspinner',
  'portal',
  'csstransition',
  'overlayservice',
  'dropdown',
  'virtualscroller',
];
function shellChunkGroups() {
  const nm = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
  const group = (name, test, priority) => ({
    name,
    test,
    priority,
    chunks: 'async',
    enforce: true,
    reuseExistingChunk: false,
  });
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      framework: group(
        'framework',
        nm([
          'react',
          'react-dom',
          'scheduler',
          'react-router',
          'react-router-dom',
          'jotai',
          'cookie',
          'set-cookie-parser',
        ]),
        40,
      ),
      schema: group(
        'schema',
        new RegExp(
          `${nm(['yup', 'property-expr', 'tiny-case', 'toposort']).source}|[\\\\/]shared[\\\\/]src[\\\\/](schemas[\\\\/](session|fields|messages|validate|geography)|domain[\\\\/]dates)\\.ts$`,
        ),
        35,
      ),
      forms: group(
        'forms',
        nm([
          'formik',
          'lodash',
          'lodash-es',
          'tiny-warning',
          'react-fast-compare',
          'hoist-non-react-statics',
          'react-is',
          'deepmerge',
          '[^\\\\/]*form-data',
          'proxy-from-env',
        ]),
        30,
      ),
      session: group(
        'session',
        new RegExp(
          `${nm(['axios']).source}|[\\\\/]shared[\\\\/]src[\\\\/](api[\\\\/]|session[\\\\/]|domain[\\\\/]constants\\.ts$|ui[\\\\/](FullScreenSpinner|FieldFrame)\\.tsx$)`,
        ),
        25,
      ),
      primereact: group(
        'primereact',
        new RegExp(
          `[\\\\/]node_modules[\\\\/](primereact[\\\\/](${PRIMEREACT_CORE.join('|')})|react-transition-group|dom-helpers)[\\\\/]`,
        ),
        20,
      ),
      vot: group('vot', /[\\/]shared[\\/]src[\\/](api|session|ui|schemas|domain|permissions|contract)[\\/]/, 10),
    },
  };
}

/**
 * A remote's own copies of PrimeReact's modules, in one chunk: the shell provides its core after
 * sign-in (PRIMEREACT_CORE), and the rest — DataTable, Paginator, Dialog and the dozens of small
 * icon modules they draw — came as some thirty chunks of 1–10 KiB, each a 300 ms round trip on a
 * township link. One chunk is a few KiB more than the screen needs and thirty round trips fewer.
 * webpack's default groups still split the remote's own code between its lazy pages.
 */
function remoteChunkGroups() {
  const rest = new RegExp(`[\\\\/]node_modules[\\\\/]primereact[\\\\/](?!(${PRIMEREACT_CORE.join('|')})[\\\\/])`);
  return {
    chunks: 'async',
    cacheGroups: {
      primereact: {
        name: 'primereact-more',
        test: rest,
        priority: 20,
        chunks: 'async',
        enforce: true,
        reuseExistingChunk: false,
      },
      primereactIcons: {
        name: 'primereact-icons',
        test: /[\\/]node_modules[\\/]primereact[\\/]icons[\\/]/,
        priority: 20,
        chunks: 'async',
        enforce: true,
        reuseExistingChunk: false,
      },
    },
  };
}

/** The host: loads remotes only at run time from remotes.json (no remotes at build time). */
function shellConfig({ dir, mode }) {
  const webpack = fromApp(dir, 'webpack');
  const { ModuleFederationPlugin } = fromApp(dir, '@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = fromApp(dir, 'html-webpack-plugin');
  const MiniCssExtractPlugin = fromApp(dir, 'mini-css-extract-plugin');
  const appPkg = require(path.join(dir, 'package.json'));
  const config = baseConfig({ dir, name: 'shell', mode, port: 3000, extractCss: true });
  const prod = config.mode === 'production';
  return {
    ...config,
    name: 'shell',
    entry: { main: './src/index.ts' },
    output: { ...config.output, publicPath: '/' },
    resolve: {
      ...config.resolve,
      // PrimeReact's CSS through a name the 'primereact/' share does not match: a stylesheet is no
      // singleton to negotiate, and as part of the start-up chunk it keeps its place in the cascade
      // (the theme first, then the shell's fonts and styles) in one cacheable .css file.
      alias: {
        '@primereact-css': path.join(
          path.dirname(require.resolve('primereact/package.json', { paths: [dir] })),
          'resources',
        ),
      },
    },
    optimization: prod ? { ...config.optimization, splitChunks: shellChunkGroups() } : config.optimization,
    plugins: [
      ...config.plugins,
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedModules(appPkg, dir),
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      new HtmlWebpackPlugin({ template: './src/index.html' }),
      new webpack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(appPkg.version) }),
      new GzipReportPlugin('shell start-up JS', startupFiles),
    ],
  };
}

/**
 * The console's service worker (shell/src/service-worker), built alone into the shell's dist as
 * sw.js: a worker runs none of the page's federation runtime, and its file name must stay the same
 * from release to release (the browser compares its bytes to decide on an update). Built after the
 * shell, whose output.clean would otherwise remove it. Production only: a development server's
 * pages are never taken from a cache.
 */
function serviceWorkerConfig({ dir }) {
  const config = baseConfig({ dir, name: 'vot-sw', mode: 'production' });
  return {
    ...config,
    name: 'service-worker',
    dependencies: ['shell'],
    target: 'webworker',
    entry: { sw: './src/service-worker/worker.ts' },
    cache: config.cache && { ...config.cache, name: 'service-worker' },
    output: { ...config.output, publicPath: '/', filename: '[name].js', clean: false },
    plugins: [],
  };
}

/** A remote: exposes ./app (single-spa lifecycles) and emits mf-manifest.json + module.json. */
function remoteConfig({ dir, name, mode, port }) {
  const webpack = fromApp(dir, 'webpack');
  const { ModuleFederationPlugin } = fromApp(dir, '@module-federation/enhanced/webpack');
  const appPkg = require(path.join(dir, 'package.json'));
  // VOT_VERSION lets a release (or a test) stamp a build without editing package.json.
  const version = process.env.VOT_VERSION || appPkg.version;
  const config = baseConfig({ dir, name, mode, port });
  return {
    ...config,
    // The container entry is all a remote needs; it has no page of its own.
    entry: {},
    optimization:
      config.mode === 'production' ? { ...config.optimization, splitChunks: remoteChunkGroups() } : config.optimization,
    plugins: [
      ...config.plugins,
      new ModuleFederationPlugin({
        name,
        // Not hashed: mf-manifest.json names it. Both are served no-cache; every chunk they load is hashed.
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx' },
        shared: sharedModules(appPkg, dir),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      new ModuleJsonPlugin(dir, version),
      new webpack.DefinePlugin({ 'process.env.VOT_REMOTE_VERSION': JSON.stringify(version) }),
      new GzipReportPlugin(`remote ${name} entry`, () => ['remoteEntry.js']),
    ],
  };
}

module.exports = {
  shellConfig,
  serviceWorkerConfig,
  remoteConfig,
  sharedModules,
  kitVersion,
  STATEFUL_SUBPATHS,
  KIT_SUBPATHS,
  LOCAL_SUBPATHS,
};
