// The build's own webpack plugins: start-up size report, start-up preloads, the CSP nonce, module.json.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');

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
 * The scripts and stylesheets a page fetches as its entry runs, before it can draw: the chunks
 * behind the async boundary (the entry's own `import()`s, not the shared modules it merely offers),
 * and the chunks of every shared module those consume as they load, and so on. `startupFiles`
 * counts more: every shared module the shell offers.
 */
function bootFiles(compilation) {
  const { chunkGraph } = compilation;
  const files = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const f of group.getFiles()) if (/\.(js|css)$/.test(f)) files.add(f);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.constructor?.name !== 'ConsumeSharedModule') continue;
        for (const block of module.blocks) {
          const fallback = chunkGraph.getBlockChunkGroup(block);
          if (fallback) visit(fallback);
        }
      }
    }
  };
  const entry = compilation.entrypoints.get('main');
  for (const child of entry.getChildren()) {
    if (child.origins.some((o) => typeof o.module?.resource === 'string')) visit(child);
  }
  return [...files];
}

/**
 * Names the start-up chunks behind the async boundary in the page itself (`<link rel="preload">`),
 * so they come down beside the entry instead of a round trip after it has arrived and run: the
 * entry only learns of them as it runs (decision 0194). The same files the entry then asks for
 * (`bootFiles`), so nothing is fetched twice and nothing more.
 */
class StartupPreloadPlugin {
  constructor(HtmlWebpackPlugin) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
  }
  apply(compiler) {
    const Html = this.HtmlWebpackPlugin;
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      Html.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const publicPath = typeof data.publicPath === 'string' ? data.publicPath : '/';
        const named = new Set(
          [...data.headTags, ...data.bodyTags].map((t) => t.attributes?.src).filter((src) => typeof src === 'string'),
        );
        const preloads = bootFiles(compilation)
          .map((file) => `${publicPath}${file}`)
          .filter((href) => !named.has(href))
          .map((href) =>
            Html.createHtmlTagObject('link', { rel: 'preload', as: href.endsWith('.css') ? 'style' : 'script', href }),
          );
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
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

module.exports = { GzipReportPlugin, startupFiles, bootFiles, StartupPreloadPlugin, CspNoncePlugin, ModuleJsonPlugin };
