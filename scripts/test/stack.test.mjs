// The `npm start` supervisor: when one part of the console dies, the rest stops and says why.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startStack, supervise } from '../stack.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Seven free ports in a row (the shell, five remotes, the API), somewhere above 20000. */
async function freePorts() {
  for (let tries = 0; tries < 50; tries++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = Array.from({ length: 7 }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return { basePort: base, apiPort: base + 6 };
  }
  throw new Error('no free ports');
}

const refused = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

const cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()();
});

async function fakeStack() {
  const { basePort, apiPort } = await freePorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'vot-stack-'));
  const stack = await startStack({
    dataDir,
    basePort,
    apiPort,
    quiet: true,
    runDir: join(dataDir, 'run'),
    apiCommand: { command: process.execPath, args: [join(fixtures, 'fake-api.mjs')] },
  });
  cleanups.push(async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { stack, basePort, apiPort };
}

/** A process stand-in, so a test does not hang its signal and crash handlers on the runner. */
function fakeProcess() {
  const handlers = {};
  return { on: (event, fn) => (handlers[event] = fn), handlers };
}

test('the API killed: every static server stops, and the reason is printed', async () => {
  const { stack, basePort } = await fakeStack();
  const lines = [];
  let exitCode;
  supervise(stack, { log: (l) => lines.push(l), exit: (c) => (exitCode = c), proc: fakeProcess() });
  assert.equal(await refused(basePort), false);
  stack.api.kill('SIGKILL');
  assert.ok(await until(() => exitCode !== undefined), 'the supervisor exits');
  assert.equal(exitCode, 1);
  assert.match(lines.join('\n'), /The API stopped \(signal SIGKILL\)/);
  for (let i = 0; i <= 5; i++) assert.equal(await refused(basePort + i), true, `port ${basePort + i} still open`);
});

test('a static server fails: the API is stopped, and the reason is printed', async () => {
  const { stack, apiPort } = await fakeStack();
  const lines = [];
  let exitCode;
  supervise(stack, { log: (l) => lines.push(l), exit: (c) => (exitCode = c), proc: fakeProcess() });
  stack.remoteServers.volunteers.emit('error', new Error('EMFILE: too many open files'));
  assert.ok(await until(() => exitCode !== undefined));
  assert.equal(exitCode, 1);
  assert.match(lines.join('\n'), /A static server failed \(EMFILE/);
  assert.notEqual(stack.api.exitCode ?? stack.api.signalCode, null, 'the API has exited');
  assert.equal(await refused(apiPort), true);
});

test("an unexpected error in the static servers' process stops the API instead of orphaning it", async () => {
  const { basePort, apiPort } = await freePorts();
  const child = spawn(
    process.execPath,
    [join(fixtures, 'supervised-stack.mjs'), 'throw', String(basePort), String(apiPort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  cleanups.push(async () => child.kill('SIGKILL'));
  assert.equal(await exited, 1);
  const pid = Number(out.match(/api-pid (\d+)/)?.[1]);
  assert.ok(pid > 0, out);
  assert.ok(await until(() => !alive(pid)), 'the API is not left running');
  assert.match(out, /a request handler blew up/);
  assert.match(out, /Stopping the API/);
  assert.equal(await refused(apiPort), true);
});

test('Ctrl+C stops the API and the servers, and exits 0', async () => {
  const { basePort, apiPort } = await freePorts();
  const child = spawn(
    process.execPath,
    [join(fixtures, 'supervised-stack.mjs'), 'wait', String(basePort), String(apiPort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', (code) => r(code)));
  cleanups.push(async () => child.kill('SIGKILL'));
  assert.ok(await until(() => /api-pid/.test(out)));
  child.kill('SIGINT');
  assert.equal(await exited, 0);
  assert.ok(await until(() => !alive(Number(out.match(/api-pid (\d+)/)[1]))));
});

test('the supervisor killed with SIGKILL: the API notices and stops (no orphan holding the data folder)', async () => {
  const { basePort, apiPort } = await freePorts();
  const child = spawn(
    process.execPath,
    [join(fixtures, 'supervised-stack.mjs'), 'wait', String(basePort), String(apiPort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  cleanups.push(async () => child.kill('SIGKILL'));
  assert.ok(await until(() => /api-pid/.test(out)));
  const pid = Number(out.match(/api-pid (\d+)/)[1]);
  child.kill('SIGKILL');
  assert.ok(await until(() => !alive(pid)), 'the API is not left running');
});
