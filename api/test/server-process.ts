import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * The real API process (src/server.ts) on a data folder, as `npm start` runs it: its output, its
 * exit, and a promise that settles once it listens (rejected if it exits first).
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  // node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child of its own,
  // and a SIGKILL (which it cannot pass on) would leave that child running.
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      VOT_ADMIN_PASSWORD: 'first admin password',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: [env.VOT_EXIT_WITH_PARENT ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('VOT API on')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  listening.catch(() => {}); // awaited only by tests that expect a start
  return { child, exited, listening, output: () => output };
}
