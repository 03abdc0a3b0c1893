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

/** Closes a server now: keep-alive connections would otherwise hold `close()` open. */
function closeServer(server) {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * @param {{ dataDir: string, basePort?: number, apiPort?: number, host?: string, demo?: boolean,
 *           env?: Record<string,string>, runDir?: string, quiet?: boolean,
 *           apiCommand?: { command: string, args: string[], cwd?: string } }} options
 * apiCommand: what runs the API (tests give a stand-in); by default the API's own server.
 */
export async function startStack({
  dataDir,
  basePort = 3000,
  apiPort = 4000,
  host = '127.0.0.1',
  demo = true,
  env = {},
  runDir = join(root, '.run'),
  quiet = false,
  apiCommand,
}) {
  mkdirSync(runDir, { recursive: true });
  const remotesJson = join(runDir, 'remotes.json');
  writeFileSync(remotesJson, JSON.stringify(remotesConfig(host, basePort), null, 2));

  const { command, args, cwd } = apiCommand ?? {
    command: join(root, 'api', 'node_modules', '.bin', 'tsx'),
    args: ['src/server.ts'],
    cwd: join(root, 'api'),
  };
  const api = spawn(command, args, {
    cwd,
    // stdin is a pipe whose end tells the API this process is gone (even by kill -9): it then stops.
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: host,
      DATA_DIR: dataDir,
      VOT_EXIT_WITH_PARENT: '1',
      ...(demo ? { VOT_DEMO: '1' } : {}),
      ...env,
    },
    stdio: ['pipe', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const servers = [];
  try {
    // Three minutes: on a loaded 2-core machine the first start (migrations, demo data) took over three.
    await waitForPort(apiPort, host, 300_000, api);
    servers.push(
      await serveStatic({
        dir: join(root, 'shell', 'dist'),
        port: basePort,
        host,
        spa: true,
        apiTarget: `http://${host}:${apiPort}`,
        remotesJson,
      }),
    );
  } catch (error) {
    // A half-started stack leaves nothing behind (the API would hold its data folder).
    await stopChild(api);
    throw error;
  }
  const remoteServers = {};
  try {
    for (const [i, [id, folder]] of Object.entries(REMOTES).entries()) {
      remoteServers[id] = await serveStatic({
        dir: join(root, folder, 'dist'),
        port: basePort + 1 + i,
        host,
        cors: true,
      });
      servers.push(remoteServers[id]);
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await stopChild(api);
    throw error;
  }

  async function stop() {
    await Promise.all(servers.map(closeServer));
    await stopChild(api);
  }
  return {
    url: `http://${host}:${basePort}`,
    api,
    apiUrl: `http://${host}:${apiPort}`,
    remotesJson,
    servers,
    remoteServers,
    stop,
  };
}

/**
 * Keeps the parts of a running stack together (`npm start`): when one part dies — the API exits,
 * a static server fails, or this process itself meets an error it did not expect (the static
 * servers live in it) — the rest is stopped cleanly and the reason printed; Ctrl+C stops all.
 * Never leaves the API running orphaned, holding its data folder.
 * @param {{ api: import('node:child_process').ChildProcess, servers: import('node:http').Server[], stop: () => Promise<void> }} stack
 * @param {{ log?: (line: string) => void, exit?: (code: number) => void, proc?: NodeJS.Process }} [io]
 */
export function supervise(
  stack,
  { log = (line) => console.error(line), exit = (code) => process.exit(code), proc = process } = {},
) {
  let stopping = false;
  const shutDown = async (reason, code) => {
    if (stopping) return;
    stopping = true;
    log(reason);
    try {
      await stack.stop();
    } catch (error) {
      log(`Stopping failed: ${error?.message ?? error}`);
      stack.api.kill('SIGKILL');
    }
    exit(code);
  };
  stack.api.once('exit', (code, signal) =>
    shutDown(`The API stopped (${signal ? `signal ${signal}` : `exit ${code}`}); stopping the console.`, 1),
  );
  for (const server of stack.servers) {
    server.on('error', (error) =>
      shutDown(`A static server failed (${error?.message ?? error}); stopping the console.`, 1),
    );
  }
  const onSignal = (signal) => shutDown(`\nStopping (${signal}) …`, 0);
  const onCrash = (error) =>
    shutDown(
      `The console's static servers stopped on an unexpected error: ${error?.stack ?? error}\nStopping the API.`,
      1,
    );
  proc.on('SIGINT', onSignal);
  proc.on('SIGTERM', onSignal);
  proc.on('uncaughtException', onCrash);
  proc.on('unhandledRejection', onCrash);
}
