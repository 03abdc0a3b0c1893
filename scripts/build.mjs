// Builds the shell and the five remotes (production), two at a time on these 2-core machines.
// An app is rebuilt only when its sources or the shared package changed since its last build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './pnpm.mjs';

export const APPS = ['shell', 'mfe-admin-data', 'mfe-volunteers', 'mfe-patients', 'mfe-vot', 'mfe-reports'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

function isStale(app) {
  const stamp = join(root, app, 'dist', 'index.html');
  const entry = join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(entry)) return true;
  const built = statSync(existsSync(stamp) ? stamp : entry).mtimeMs;
  const sources = Math.max(
    newest(join(root, app, 'src')),
    newest(join(root, app, 'package.json')),
    newest(join(root, 'shared', 'src')),
    newest(join(root, 'shared', 'build')),
  );
  return sources > built;
}

function buildOne(app) {
  return new Promise((resolve, reject) => {
    const bin = join(root, app, 'node_modules', '.bin', 'webpack');
    const child = spawn(bin, ['--mode', 'production'], {
      cwd: join(root, app),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of ${app} failed (exit ${code})`))));
  });
}

export async function buildAll({ force = false, parallel = 2 } = {}) {
  const todo = APPS.filter((app) => force || isStale(app));
  if (!todo.length) {
    console.log('All apps are up to date.');
    return;
  }
  console.log(`Building ${todo.join(', ')} …`);
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.min(parallel, queue.length) }, async () => {
      while (queue.length) await buildOne(queue.shift());
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ force: process.argv.includes('--force') }).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
