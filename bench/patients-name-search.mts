// The name search before and after word beginnings, on the data bench/patients.mts left in a
// PostgreSQL database, measured alternately in one run (the machine is noisy: read the ratios):
// the old `lower(name) like '%…%'` over a trigram GIN index (made here for the run and dropped
// after) against `name_prefixes @> array[…]` (repository.ts nameSearch), each as the API asks it —
// the old: the page and its capped count at once; the new: the capped count, then the page in the
// order the count decides. Prints EXPLAIN (ANALYZE, BUFFERS) of both for each name.
//
//   DATABASE_URL=postgres://…/<the database bench/patients.mts filled> api/node_modules/.bin/tsx bench/patients-name-search.mts [requests=60]
import { SEARCH_TOTAL_LIMIT } from '@vot/api/patients/repository';
import { PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { openDatabase, report, sql, timeAgainstRaw, type SQL } from './harness.mts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database bench/patients.mts filled');
const requests = Number(process.argv[2] ?? 60);
const db = await openDatabase();
const patients = Number((await db.query(sql`select count(*) from patients`))[0]!.count);
if (!patients) throw new Error('no patients: run bench/patients.mts on this database first');

const t0 = performance.now();
await db.exec(
  sql`create index if not exists bench_patients_name_trgm_idx on patients using gin (lower(name) gin_trgm_ops)`,
);
await db.exec(sql`analyze patients`);
console.log(
  `postgres, ${patients} patients; trigram index made in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${requests} requests a line, old and new alternately`,
);

const page = (where: SQL, order: SQL, offset: number) =>
  sql`select p.id, p.name, p."SP_code", t.name as township from patients p left join townships t on t.id = p.township_id
    where p.status = 1 and ${where} order by ${order} limit ${PATIENT_PAGE_SIZE} offset ${offset}`;
const capped = (where: SQL) =>
  sql`select count(*) from (select p.id from patients p where p.status = 1 and ${where} limit ${SEARCH_TOTAL_LIMIT}) m`;
const oldWhere = (typed: string) => sql`lower(p.name) like ${`%${typed}%`}`;
const newWhere = (typed: string) =>
  sql`p.name_prefixes @> array[${sql.join(
    typed.split(' ').map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

async function oldSearch(typed: string, offset: number) {
  await Promise.all([db.query(page(oldWhere(typed), sql`p.id desc`, offset)), db.query(capped(oldWhere(typed)))]);
}
async function newSearch(typed: string, offset: number) {
  const total = Number((await db.query(capped(newWhere(typed))))[0]!.count);
  await db.query(page(newWhere(typed), total < SEARCH_TOTAL_LIMIT ? sql`p.id + 0 desc` : sql`p.id desc`, offset));
}

for (const typed of ['myint naing aye', 'naing soe', 'thida', 'hnin aye']) {
  const { api, raw } = await timeAgainstRaw(
    requests,
    (i) => newSearch(typed, (i % 10) * PATIENT_PAGE_SIZE),
    (i) => oldSearch(typed, (i % 10) * PATIENT_PAGE_SIZE),
  );
  report(`"${typed}": word beginnings (API col.) vs trigram LIKE (raw col.)`, api, raw, 64);
}
for (const typed of ['myint naing aye', 'thida']) {
  for (const [label, q] of [
    ['trigram LIKE, page 1', page(oldWhere(typed), sql`p.id desc`, 0)],
    ['word beginnings, count', capped(newWhere(typed))],
  ] as const) {
    console.log(`\nEXPLAIN ANALYZE "${typed}", ${label}`);
    for (const r of await db.query(sql`explain (analyze, buffers, costs off) ${q}`))
      console.log(`  ${String(Object.values(r)[0])}`);
  }
}
await db.exec(sql`drop index bench_patients_name_trgm_idx`);
await db.handle.close();
