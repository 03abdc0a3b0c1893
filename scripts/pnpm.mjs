// Runs the workspace's pinned pnpm, installing it into .tools/ first when missing.
// A fresh machine has only Node and npm; corepack fails its signature check here
// (docs/decisions/0001), so we fetch pnpm from the npm registry ourselves.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';
const toolsDir = join(root, '.tools');
export const pnpmBin = join(toolsDir, 'node_modules', '.bin', process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');

export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    ['install', '--prefix', toolsDir, `pnpm@${PNPM_VERSION}`, '--no-audit', '--no-fund', '--loglevel=error'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !existsSync(pnpmBin)) throw new Error('Could not install pnpm from the npm registry');
  return pnpmBin;
}

export function pnpm(args, options = {}) {
  const r = spawnSync(ensurePnpm(), args, { stdio: 'inherit', cwd: root, ...options });
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
