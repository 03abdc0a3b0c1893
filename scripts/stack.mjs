// Starts the whole console on this machine: the API (embedded PGlite unless DATABASE_URL is set),
// the shell on its origin and each remote on its own origin, with a remotes.json for those origins.
// Used by `npm start` and by the e2e tests (with a fresh data folder).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { root } from './pnpm.mjs';
import { serveStatic } from './serve.mjs';

export const REMOTES = {
  admin_data: 'mfe-admin-data',
  volunteers: 'mfe-volunteers',
  patients: 'mfe-patients',
  vot: 'mfe-vot',
  reports: 'mfe-reports',
};

function waitForPort(port, host, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`the API exited with code ${child.exitCode}`));
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`the API did not open port ${port} in time`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

export function remotesConfig(host, basePort, overrides = {}) {
  const remotes = {};
  Object.keys(REMOTES).forEach((id, i) => {
    remotes[id] = { entry: `http://${host}:${basePort + 1 + i}/mf-manifest.json`, enabled: true, ...overrides[id] };
  });
  return { remotes };
}

/**
 * @param {{ dataDir: string, basePort?: number, apiPort?: number, host?: string, demo?: boolean,
 *           env?: Record<string,string>, runDir?: string, quiet?: boolean }} options
 */
export async function startStack({ dataDir, basePort = 3000, apiPort = 4000, host = '127.0.0.1', demo = true, env = {}, runDir = join(root, '.run'), quiet = false }) {
  mkdirSync(runDir, { recursive: true });
  const remotesJson = join(runDir, 'remotes.json');
  writeFileSync(remotesJson, JSON.stringify(remotesConfig(host, basePort), null, 2));

  const api = spawn(join(root, 'api', 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: join(root, 'api'),
    env: { ...process.env, PORT: String(apiPort), HOST: host, DATA_DIR: dataDir, ...(demo ? { VOT_DEMO: '1' } : {}), ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  await waitForPort(apiPort, host, 60_000, api);

  const servers = [await serveStatic({ dir: join(root, 'shell', 'dist'), port: basePort, host, spa: true, apiTarget: `http://${host}:${apiPort}`, remotesJson })];
  const remoteServers = {};
  for (const [i, [id, folder]] of Object.entries(REMOTES).entries()) {
    remoteServers[id] = await serveStatic({ dir: join(root, folder, 'dist'), port: basePort + 1 + i, host, cors: true });
    servers.push(remoteServers[id]);
  }

  async function stop() {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(() => r()))));
    if (api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await exited;
    }
  }
  return { url: `http://${host}:${basePort}`, api, apiUrl: `http://${host}:${apiPort}`, remotesJson, remoteServers, stop };
}
