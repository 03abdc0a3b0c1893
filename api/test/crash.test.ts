import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { backends } from './helpers';
import { startServer } from './server-process';

/**
 * kill -9 in the middle of a stream of writes: every write the API acknowledged (201) must be there
 * after a restart, on PGlite (its files in the data folder, the lock left by a dead process taken
 * over) and on PostgreSQL. Writes in flight when it died may or may not have landed; none may be
 * half there.
 *
 * Four server starts take 2–3 minutes on a loaded 2-core machine, so it is left out of `npm test`:
 *   cd api && VOT_CRASH_TEST=1 node_modules/.bin/tsx --test test/crash.test.ts
 * (bench/README.md has its last result).
 */
const ADMIN = { email: 'admin@vot.local', password: 'first admin password' };
const STREAMS = 4;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/io-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Creates regions on STREAMS connections until the process dies; answers the acknowledged names. */
async function writeUntilKilled(base: string, token: string, kill: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  let stop = false;
  let killed = false;
  const stream = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const name = `Crash ${n}-${i}`;
      try {
        const res = await fetch(`${base}/api/v1/regions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
        });
        if (res.status === 201) acknowledged.push(name);
        else throw new Error(`POST regions answered ${res.status}: ${await res.text()}`);
      } catch (e) {
        if (!killed) throw e;
        stop = true; // the connection died with the process
      }
    }
  };
  const streams = Promise.all(Array.from({ length: STREAMS }, (_, n) => stream(n)));
  let failed: unknown = null;
  streams.catch((e) => (failed = e));
  // Kill once writes are flowing, not before the first one.
  const killAt = 100 + Math.floor(Math.random() * 200);
  while (acknowledged.length < killAt && !failed) await new Promise((r) => setTimeout(r, 20));
  if (failed) throw failed;
  killed = true;
  kill();
  await streams;
  return acknowledged;
}

async function regionNames(base: string, token: string): Promise<Set<string>> {
  const res = await fetch(`${base}/api/v1/regions`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return new Set(((await res.json()) as { data: { name: string }[] }).data.map((r) => r.name));
}

async function crashAndRestart(port: number, dataDir: string, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  const first = startServer(dataDir, port, env);
  await first.listening;
  const acknowledged = await writeUntilKilled(base, await signIn(base), () => first.child.kill('SIGKILL'));
  assert.equal(await first.exited, null, 'killed by the signal');

  const second = startServer(dataDir, port, env);
  await second.listening;
  try {
    const stored = await regionNames(base, await signIn(base));
    const lost = acknowledged.filter((name) => !stored.has(name));
    assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.length} acknowledged writes lost`);
    console.log(
      `${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${acknowledged.length} acknowledged writes before kill -9, all there after the restart (${stored.size} stored)`,
    );
    return { acknowledged: acknowledged.length, output: second.output() };
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

describe('kill -9 during writes', { skip: process.env.VOT_CRASH_TEST !== '1' && 'slow: set VOT_CRASH_TEST=1' }, () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-crash-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('PGlite: every acknowledged write is there, the data folder opens, the stale lock is taken over', async () => {
    const { output } = await crashAndRestart(4881, dataDir(), {});
    assert.match(output, /Taking over a stale lock on .*: process \d+ .* is no longer running\./);
  });

  it('PostgreSQL: every acknowledged write is there', async (t) => {
    if ((await backends()).length < 2) return t.skip('PostgreSQL is not reachable');
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `vot_crash_${randomBytes(6).toString('hex')}`;
    const run = async (text: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(text);
      await client.end();
    };
    await run(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      await crashAndRestart(4882, dataDir(), { DATABASE_URL: url.toString() });
    } finally {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
