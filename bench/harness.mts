// What every API bench does the same way: open the database (PGlite in memory, or PostgreSQL with
// DATABASE_URL), generate the places and the accounts, start the API and sign in, time the API
// against the raw SQL of the same answer in the same run, and print p50 / p95 and their ratio
// (these machines are noisy: read the ratios, never a single figure).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@vot/api/app';
import { loadConfig } from '@vot/api/config';
import { openPglite, openPostgres, type DatabaseHandle } from '@vot/api/db/client';
import { hashPassword } from '@vot/api/passwords';

// drizzle-orm is the API's dependency: load the copy the API uses (one SQL class for both).
const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
export const drizzle = (await import(
  pathToFileURL(apiRequire.resolve('drizzle-orm')).href
)) as typeof import('drizzle-orm');
export const { sql } = drizzle;
export type SQL = import('drizzle-orm').SQL;
type Rows = { rows: Record<string, unknown>[] };

export interface BenchDatabase {
  handle: DatabaseHandle;
  kind: DatabaseHandle['kind'];
  config: ReturnType<typeof loadConfig>;
  /** The rows of a raw query. */
  query(q: SQL): Promise<Record<string, unknown>[]>;
  exec(q: SQL): Promise<void>;
  /** Runs one generating statement and prints how long it took (national data takes minutes). */
  step(label: string, q: SQL): Promise<void>;
}

/** PostgreSQL at DATABASE_URL (a scratch database: benches empty its tables) or an in-memory PGlite, migrated. */
export async function openDatabase(): Promise<BenchDatabase> {
  const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
  await handle.migrate();
  const config = { ...loadConfig({ DATA_DIR: '/nonexistent' }), logLevel: 'silent' as const };
  return {
    handle,
    kind: handle.kind,
    config,
    query: async (q) => ((await handle.db.execute(q)) as unknown as Rows).rows,
    exec: async (q) => {
      await handle.db.execute(q);
    },
    step: async (label, q) => {
      const t = performance.now();
      await handle.db.execute(q);
      console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    },
  };
}

/**
 * Empties regions, districts, projects and everything hanging off them (townships, users,
 * volunteers, patients, their VOT records) and makes one region, district and project with `n`
 * townships ('Township 1', abbreviation 'T1', …). Returns the township ids in order.
 */
export async function generatePlaces(db: BenchDatabase, n: number): Promise<number[]> {
  await db.exec(
    sql`truncate regions, districts, projects, townships, users, volunteers, patients restart identity cascade`,
  );
  await db.exec(sql`insert into regions (name) values ('Bench Region')`);
  await db.exec(sql`insert into districts (name) values ('Bench District')`);
  await db.exec(sql`insert into projects (name, abbreviation) values ('Bench Project', 'BP')`);
  await db.exec(sql`
    insert into townships (name, abbreviation, region_id, district_id, project_id)
    select 'Township ' || t, 'T' || t, (select min(id) from regions), (select min(id) from districts), (select min(id) from projects)
    from generate_series(1, ${n}) t`);
  await db.exec(sql`analyze townships`);
  return (await db.query(sql`select id from townships order by id`)).map((r) => Number(r.id));
}

export interface BenchAccount {
  email: string;
  role: string;
  /** A township-bound role's townships (the first is its own). */
  townships?: number[];
}

export const BENCH_PASSWORD = 'bench password';

/** The accounts, all with one password hash: a bench signs in a few times, not thousands. */
export async function addAccounts(db: BenchDatabase, accounts: BenchAccount[]): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD, db.config.scrypt);
  const projectId = Number((await db.query(sql`select min(id) as id from projects`))[0]!.id);
  for (const a of accounts) {
    const township = a.townships?.[0] ?? null;
    await db.exec(sql`insert into users (name, email, role, password_hash, project_id, township_id)
      values (${`Bench ${a.role}`}, ${a.email}, ${a.role}, ${hash}, ${township === null ? null : projectId}, ${township})`);
    const id = Number((await db.query(sql`select id from users where email = ${a.email}`))[0]!.id);
    for (const t of a.townships ?? [])
      await db.exec(sql`insert into user_townships (user_id, township_id) values (${id}, ${t})`);
  }
}

export interface BenchApi {
  app: FastifyInstance;
  /** Signs in and answers the bearer header. */
  bearer(email: string): Promise<Record<string, string>>;
  /** A GET through the whole API (bearer check included); throws on anything but 200. */
  get(url: string, headers: Record<string, string>): Promise<unknown>;
  close(): Promise<void>;
}

export async function startApi(db: BenchDatabase): Promise<BenchApi> {
  const app = await buildApp({
    db: db.handle.db,
    dbKind: db.handle.kind,
    config: db.config,
    secretKey: randomBytes(32),
  });
  return {
    app,
    async bearer(email) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/io-login',
        payload: { email, password: BENCH_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in ${email}: ${login.statusCode} ${login.body}`);
      return { authorization: `Bearer ${login.json().access_token}` };
    },
    async get(url, headers) {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    },
    async close() {
      await app.close();
      await db.handle.close();
    },
  };
}

export interface Stats {
  p50: number;
  p95: number;
  perSecond: number;
}

export function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95), perSecond: (1000 * s.length) / s.reduce((a, b) => a + b, 0) };
}

export interface Result {
  label: string;
  api: Stats;
  raw: Stats;
}

/** Every line reported so far, for a closing summary. */
export const results: Result[] = [];

/** Prints one line: the API's p50 / p95 against the raw SQL's, and their ratios. */
export function report(label: string, api: number[], raw: number[], width = 52): Result {
  const a = stats(api);
  const r = stats(raw);
  const result = { label, api: a, raw: r };
  results.push(result);
  const f = (n: number) => n.toFixed(1).padStart(6);
  console.log(
    `${label.padEnd(width)} API p50 ${f(a.p50)} p95 ${f(a.p95)} ms | raw p50 ${f(r.p50)} p95 ${f(r.p95)} ms | API/raw p50 ${(a.p50 / r.p50).toFixed(2)}× p95 ${(a.p95 / r.p95).toFixed(2)}×`,
  );
  return result;
}

/** Times `api` and `raw`, `times` times each (the i-th run of both gets i), in turn and in alternating order. */
export async function timeAgainstRaw(
  times: number,
  api: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
) {
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  const timed = async (run: (i: number) => Promise<unknown>, i: number, into: number[]) => {
    const t = performance.now();
    await run(i);
    into.push(performance.now() - t);
  };
  // Both sides read the same rows in a round, and whichever goes first reads them from disk when
  // they are not cached (a random patient of 10 million records): the order alternates, so each
  // side pays the cold reads of half the rounds. Always the API first had made it 20–30× its raw
  // SQL on a cold cache, where alternating shows the same work.
  for (let i = 0; i < times; i++) {
    if (i % 2 === 0) {
      await timed(api, i, apiMs);
      await timed(raw, i, rawMs);
    } else {
      await timed(raw, i, rawMs);
      await timed(api, i, apiMs);
    }
  }
  return { api: apiMs, raw: rawMs };
}

/** Times and reports one line. */
export async function measure(
  label: string,
  times: number,
  api: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
): Promise<Result> {
  const { api: a, raw: r } = await timeAgainstRaw(times, api, raw);
  return report(label, a, r);
}

/** The lines over a p95 target or over `ratio` × their raw SQL's p95 (null: the target alone); `only` picks the lines a target is for. */
export function summary(targetMs: number, ratio: number | null = 2, only: (label: string) => boolean = () => true) {
  const lines = results.filter((r) => only(r.label));
  const over = lines.filter((r) => r.api.p95 > targetMs || (ratio !== null && r.api.p95 > ratio * r.raw.p95));
  const within = ratio === null ? `p95 ≤ ${targetMs} ms` : `p95 ≤ ${targetMs} ms and ≤ ${ratio}× raw`;
  console.log(
    `\n${lines.length - over.length}/${lines.length} lines within ${within}; over: ${over.map((r) => r.label).join('; ') || 'none'}`,
  );
}

const gc = (globalThis as { gc?: () => void }).gc;
/**
 * Runs `work` and samples this process's memory every 5 ms (after a collection when run with
 * --expose-gc): its time, and how far the heap and the resident set grew at their peak.
 */
export async function peakMemory<T>(work: () => Promise<T>) {
  gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, 5);
  const t = performance.now();
  const value = await work();
  const ms = performance.now() - t;
  sample();
  clearInterval(timer);
  return { value, ms, heapMB: (heap - before.heapUsed) / 2 ** 20, rssMB: (rss - before.rss) / 2 ** 20 };
}
export const mb = (n: number) => `${n.toFixed(0)} MB`;
