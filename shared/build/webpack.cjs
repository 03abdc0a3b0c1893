// Webpack configuration shared by the shell and every remote (ARCHITECTURE.md §2).
// Build tools are resolved from the calling app's own folder, so each app builds alone
// with the versions it declares.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');

const sharedPkg = require('../package.json');

function fromApp(dir, id) {
  return require(require.resolve(id, { paths: [dir] }));
}

/**
 * Singletons shared between the shell and the remotes. A remote built against another major of
 * @vot/shared must fail loudly (strictVersion), never half-work.
 */
function sharedModules(appPkg, dir) {
  const deps = { ...appPkg.dependencies };
  const single = (name) => ({ singleton: true, requiredVersion: deps[name] });
  // Deep imports (primereact/button) have no package.json of their own: give the version.
  const installed = (name) => require(require.resolve(`${name}/package.json`, { paths: [dir] })).version;
  const sharedMajor = `^${sharedPkg.version}`;
  const votShared = {};
  for (const sub of ['api', 'session', 'ui', 'lists', 'remote', 'permissions', 'domain', 'schemas', 'contract']) {
    votShared[`@vot/shared/${sub}`] = {
      singleton: true,
      strictVersion: true,
      version: sharedPkg.version,
      requiredVersion: sharedMajor,
    };
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
          const tsx = require(require.resolve('tsx/cjs/api', { paths: [this.dir, __dirname] }));
          const mod = tsx.require(file, __filename);
          const remoteModule = { ...(mod.remoteModule ?? mod.default), version: this.version };
          compilation.emitAsset('module.json', new RawSource(JSON.stringify(remoteModule, null, 2)));
        },
      );
    });
  }
}

function baseConfig({ dir, name, mode, port }) {
  const prod = mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    context: dir,
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
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
        {
          test: /\.css$/,
          use: [require.resolve('style-loader', { paths: [dir] }), require.resolve('css-loader', { paths: [dir] })],
        },
        { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|gif)$/, type: 'asset/resource' },
      ],
    },
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
  const appPkg = require(path.join(dir, 'package.json'));
  const config = baseConfig({ dir, name: 'shell', mode, port: 3000 });
  return {
    ...config,
    entry: { main: './src/index.ts' },
    output: { ...config.output, publicPath: '/' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedModules(appPkg, dir),
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      new HtmlWebpackPlugin({ template: './src/index.html', favicon: './src/assets/favicon.svg' }),
      new webpack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(appPkg.version) }),
      new GzipReportPlugin('shell start-up JS', startupFiles),
    ],
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
    plugins: [
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
      new GzipReportPlugin(`remote ${name} entry`, () =>
        ['remoteEntry.js'],
      ),
    ],
  };
}

module.exports = { shellConfig, remoteConfig, sharedModules };
