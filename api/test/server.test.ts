import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../src/db/lock';
import { startServer as startProcess } from './server-process';

/** The real server process on PGlite: start-up, the data folder's lock, a clean close on signals. */
const dataDir = mkdtempSync(join(tmpdir(), 'vot-api-test-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const startServer = (port: number, env: Record<string, string> = {}) => startProcess(dataDir, port, env);

/** Every file and folder under `dir` that another local account could read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const stat = lstatSync(join(dir, name));
    if (!stat.isSymbolicLink() && stat.mode & 0o077) open.push(`${name} ${(stat.mode & 0o777).toString(8)}`);
  }
  return open;
}

describe('server process', () => {
  let first: ReturnType<typeof startServer> & { child: ChildProcess };

  it('starts on a new data folder, creates the administrator and prints its sign-in once', async () => {
    rmSync(dataDir, { recursive: true });
    // Started with a container's usual umask (0): the API's own makes its files private all the same.
    const umask = process.umask(0);
    first = startServer(4871);
    process.umask(umask);
    await first.listening;
    assert.deepEqual([(lstatSync(dataDir).mode & 0o777).toString(8), openToOthers(dataDir)], ['700', []]);
    assert.match(first.output(), /Administrator created[\s\S]*admin@vot\.local\s+\(VOT_ADMIN_PASSWORD\)/);
    assert.doesNotMatch(first.output(), /first admin password/);
    assert.ok(existsSync(join(dataDir, LOCK_FILE)));
    const res = await fetch('http://127.0.0.1:4871/api/v1/io-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@vot.local', password: 'first admin password' }),
    });
    assert.equal(res.status, 200);
  });

  it('refuses a second process on the same data folder with a clear message', async () => {
    const second = startServer(4872);
    assert.equal(await second.exited, 1);
    assert.match(second.output(), /Cannot start: The data folder .* is in use by another VOT API process \(pid \d+\)/);
  });

  it('closes cleanly on SIGTERM and releases the lock; the next start keeps the data and prints no password', async () => {
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    assert.ok(!existsSync(join(dataDir, LOCK_FILE)));
    chmodSync(dataDir, 0o755);
    const again = startServer(4873);
    await again.listening;
    assert.doesNotMatch(again.output(), /first admin password/);
    assert.match(again.output(), /was open to other local accounts \(mode 755\): made private/);
    assert.equal((lstatSync(dataDir).mode & 0o777).toString(8), '700');
    again.child.kill('SIGINT');
    assert.equal(await again.exited, 0);
  });

  it('with VOT_EXIT_WITH_PARENT=1, closes cleanly when its parent goes (stdin ends) and releases the lock', async () => {
    const child = startServer(4874, { VOT_EXIT_WITH_PARENT: '1' });
    await child.listening;
    child.child.stdin!.end();
    assert.equal(await child.exited, 0);
    assert.ok(!existsSync(join(dataDir, LOCK_FILE)));
  });
});

describe('data folder lock', () => {
  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-lock-'));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: 'then' }));
    const messages: string[] = [];
    const lock = acquireDataDirLock(dir, (m) => messages.push(m));
    assert.match(messages[0]!, /Taking over a stale lock/);
    lock.release();
    assert.ok(!existsSync(join(dir, LOCK_FILE)));
    rmSync(dir, { recursive: true });
  });

  it('refuses a lock held by a live process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-lock-'));
    const lock = acquireDataDirLock(dir);
    // This process holds it: a second acquire here stands in for another live process.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: hostname(), since: 'now' }));
    assert.throws(() => acquireDataDirLock(dir), DataDirLockedError);
    lock.release();
    rmSync(dir, { recursive: true });
  });
});
