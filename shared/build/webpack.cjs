// Webpack configuration shared by the shell and every remote (ARCHITECTURE.md §2).
// Build tools are resolved from the calling app's own folder, so each app builds alone
// with the versions it declares.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

function fromApp(dir, id) {
  return require(require.resolve(id, { paths: [dir] }));
}

const { sharedModules, kitVersion, STATEFUL_SUBPATHS, KIT_SUBPATHS, LOCAL_SUBPATHS } = require('./shared-modules.cjs');
const {
  GzipReportPlugin,
  startupFiles,
  StartupPreloadPlugin,
  CspNoncePlugin,
  ModuleJsonPlugin,
} = require('./plugins.cjs');
const { shellChunkGroups, remoteChunkGroups } = require('./chunks.cjs');

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
 * webpack's persistent cache, in the app's node_modules/.cache: keyed on the build's files, the app's
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
        ...['shared-modules.cjs', 'plugins.cjs', 'chunks.cjs'].map((f) => path.join(__dirname, f)),
        STRIP_FONT_FACES,
        path.join(dir, 'package.json'),
        ...(fs.existsSync(lockfile) ? [lockfile] : []),
      ],
    },
  };
}

/** PrimeReact themes bring an @font-face of every script of Inter (338 KiB): the shell declares its own subsets. */
const STRIP_FONT_FACES = path.join(__dirname, 'strip-font-faces-loader.cjs');
/** `file.css?sign-in`: only the rules the sign-in page's classes use (css-subset-loader.cjs). */
const CSS_SUBSET = path.join(__dirname, 'css-subset-loader.cjs');

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
  const theme = /primereact[\\/]resources[\\/]themes[\\/]/;
  return {
    test: /\.css$/,
    oneOf: [
      { test: theme, resourceQuery: /^\?sign-in$/, use: [...use, CSS_SUBSET, STRIP_FONT_FACES] },
      { resourceQuery: /^\?sign-in$/, use: [...use, CSS_SUBSET] },
      { test: theme, use: [...use, STRIP_FONT_FACES] },
      { use },
    ],
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
      ...(prod ? [new StartupPreloadPlugin(HtmlWebpackPlugin)] : []),
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
