// The build's own webpack plugins: start-up size report, the CSP nonce, module.json.
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

module.exports = { GzipReportPlugin, startupFiles, CspNoncePlugin, ModuleJsonPlugin };
