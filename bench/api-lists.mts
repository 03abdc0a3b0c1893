// API latency of a paged list on large generated data, against the raw SQL for the same page
// measured in the same run on the same database (these machines are noisy: read the ratios).
//
//   api/node_modules/.bin/tsx bench/api-lists.mts [rows=100000] [requests=400]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench fills `regions`)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { buildApp } from '@vot/api/app';
import { loadConfig } from '@vot/api/config';
import { openPglite, openPostgres } from '@vot/api/db/client';
import { users } from '@vot/api/db/schema';
import { hashPassword } from '@vot/api/passwords';

// drizzle-orm is the API's dependency: load the same copy the API uses.
const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
const { sql } = (await import(pathToFileURL(apiRequire.resolve('drizzle-orm')).href)) as typeof import('drizzle-orm');

const rows = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 400);
const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
await handle.migrate();
const config = { ...loadConfig({ DATA_DIR: '/nonexistent' }), logLevel: 'silent' };
await handle.db.execute(sql`truncate regions restart identity cascade`);
await handle.db.execute(sql`insert into regions (name) select 'Region ' || g from generate_series(1, ${rows}) g`);
await handle.db.execute(sql`analyze regions`);
await handle.db
  .insert(users)
  .values({
    name: 'Bench',
    email: 'bench@vot.local',
    role: 'MEAL Associate',
    password_hash: await hashPassword('bench password', config.scrypt),
  })
  .onConflictDoNothing();
const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/io-login',
  payload: { email: 'bench@vot.local', password: 'bench password' },
});
const headers = { authorization: `Bearer ${login.json().access_token}` };
const pages = Math.ceil(rows / 10);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95), perSecond: (1000 * s.length) / s.reduce((a, b) => a + b, 0) };
}

async function measure(label: string, pick: (i: number) => number) {
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < requests; i++) {
    const page = pick(i);
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/v1/regions?page=${page}`, headers });
    api.push(performance.now() - t);
    if (res.statusCode !== 200 || res.json().data.length === 0) throw new Error(`page ${page}: ${res.statusCode}`);
    t = performance.now();
    await handle.db.execute(sql`select id, name from regions order by id limit 10 offset ${(page - 1) * 10}`);
    await handle.db.execute(sql`select count(*) from regions`);
    raw.push(performance.now() - t);
  }
  const a = stats(api);
  const r = stats(raw);
  console.log(
    `${label.padEnd(28)} API p50 ${a.p50.toFixed(2)} ms p95 ${a.p95.toFixed(2)} ms (${a.perSecond.toFixed(0)}/s)` +
      ` | raw SQL p50 ${r.p50.toFixed(2)} ms | API/raw p50 ${(a.p50 / r.p50).toFixed(2)}×`,
  );
}

console.log(
  `${handle.kind}, ${rows} regions, ${requests} requests each (sequential, fastify.inject incl. the bearer check)`,
);
await measure('first pages (1-10)', (i) => 1 + (i % 10));
await measure('random pages', () => 1 + Math.floor(Math.random() * pages));
await measure('last pages', (i) => pages - (i % 10));
await app.close();
await handle.close();
