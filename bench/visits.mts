// VOT visits at national scale: a visit-list / calendar page of a patient (28 a page), a patient's
// whole-history export, the dose ledger of a VOT Status list page (through GET patients, which
// carries it), the missed-dose list and the menu count, and the national ledger a report reads —
// each against the raw SQL of the same answer, in the same run on the same database.
//
//   api/node_modules/.bin/tsx bench/visits.mts [patients] [visits] [requests]
//   defaults: PostgreSQL 20 000 patients, 10 000 000 visits, 60 requests; PGlite 2 000, 500 000, 30.
//   DATABASE_URL=postgres://…/vot_bench_visits for PostgreSQL: a database of its own (createdb
//   vot_bench_visits), which the bench empties and fills — and keeps: a second run with the same
//   sizes reuses the data (BENCH_REGENERATE=1 to make it again).
import { performance } from 'node:perf_hooks';
import { MISSED_RUN_WARNING, PATIENT_PAGE_SIZE, todayIn } from '@vot/shared/domain';
import { ledgerByPatient, missedBandAsOfSql } from '@vot/api/ledger';
import { drizzle, measure, report, startApi, summary, sql, timeAgainstRaw, type SQL } from './harness.mts';
import { NATIONAL_TOWNSHIPS, openNationalBench } from './visits-data.mts';

const { db, patientCount, requests, t0, foTownships } = await openNationalBench({
  email: 'meal@vot.bench',
  role: 'MEAL Associate',
});
const VISIT_PAGE = 28;

const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');
const { query } = db;
const setupS = (performance.now() - t0) / 1000;
const [size] = await query(sql`select pg_size_pretty(pg_total_relation_size('dots')) as dots`);
console.log(
  `${db.kind}, ${patientCount} VOT patients, ${(await query(sql`select count(*) as n from dots`))[0]!.n} visits (dots ${size!.dots} with indexes) over ${NATIONAL_TOWNSHIPS} townships, ready in ${setupS.toFixed(0)} s; ${requests} requests a line`,
);

const rnd = (n: number) => Math.floor(Math.random() * n);
const ongoing = (
  await query(sql`select id, "DOT_start_date"::text as start from patients where "DOT_end_date" is null order by id`)
).map((r) => ({ id: Number(r.id), start: String(r.start) }));
const patientOf = (i: number) => ongoing[(i * 7919 + rnd(ongoing.length)) % ongoing.length]!;
const today = todayIn();

// 1. A visit-list or calendar page: SPEC.md §7 GET DOTs/{patientId}?page,start_date,end_date (28 a page).
// Another branch (visits-ui) builds that endpoint; until it is merged, the query it makes, through
// drizzle as a repository would (typed, mapped) and as raw SQL.
const visitColumns = sql.raw(
  `id, uuid, patient_id, change_volunteer_id, date::text as date, work, work_status, long, minor_side_effects, major_side_effects, actions, video, sign, remark, late_remark, patient_condition, created, "DOT_records"`,
);
const pageSql = (id: number, from: string, to: string, offset: number) =>
  sql`select ${visitColumns} from dots where patient_id = ${id} and date between ${from}::date and ${to}::date order by date limit ${VISIT_PAGE} offset ${offset}`;
const countSql = (id: number, from: string, to: string) =>
  sql`select count(*) as n from dots where patient_id = ${id} and date between ${from}::date and ${to}::date`;
const { dots } = await import('@vot/api/db/schema');
const { and, asc, between, count, eq } = drizzle;
const visitCase = (label: string, range: (p: { start: string }) => [string, string], pages: number) => {
  const picks = Array.from({ length: requests }, (_, i) => ({ p: patientOf(i), page: rnd(pages) }));
  return measure(
    label,
    requests,
    async (i) => {
      const { p, page } = picks[i]!;
      const [from, to] = range(p);
      const where = and(eq(dots.patient_id, p.id), between(dots.date, from, to));
      await Promise.all([
        db.handle.db
          .select()
          .from(dots)
          .where(where)
          .orderBy(asc(dots.date))
          .limit(VISIT_PAGE)
          .offset(page * VISIT_PAGE),
        db.handle.db.select({ n: count() }).from(dots).where(where),
      ]);
    },
    async (i) => {
      const { p, page } = picks[i]!;
      const [from, to] = range(p);
      await Promise.all([query(pageSql(p.id, from, to, page * VISIT_PAGE)), query(countSql(p.id, from, to))]);
    },
  );
};
console.log('\nvisit list / calendar page (drizzle as a repository would, against raw SQL; page + total at once)');
await visitCase('whole VOT, first pages', (p) => [p.start, today], 3);
await visitCase('whole VOT, any page (about 18)', (p) => [p.start, today], 18);
await visitCase(
  'a month of dates, first page',
  () => [
    new Date(Date.now() - 45 * 864e5).toISOString().slice(0, 10),
    new Date(Date.now() - 15 * 864e5).toISOString().slice(0, 10),
  ],
  1,
);

// 2. A patient's whole-history export (export-all-DOTs/{patientId}): every record with its entry and volunteer.
console.log('\nwhole-history export of one patient');
const exportSql = (
  id: number,
) => sql`select ${sql.raw('d.id, d.uuid, d.date::text, d.work, d.work_status, d.long, d.minor_side_effects, d.major_side_effects, d.actions, d.video, d.sign, d.remark, d.late_remark, d.patient_condition, d.created, d."DOT_records", cv.type, v.name as volunteer, v.code, p.name as patient, t.name as township')}
  from dots d join patients p on p.id = d.patient_id left join townships t on t.id = p.township_id
  left join change_volunteers cv on cv.id = d.change_volunteer_id left join volunteers v on v.id = cv.volunteer_id
  where d.patient_id = ${id} order by d.date`;
const bareExport = (id: number) => sql`select * from dots where patient_id = ${id} order by date`;
await measure(
  'export, every record of a patient (joins)',
  requests,
  (i) => query(exportSql(patientOf(i).id)),
  (i) => query(bareExport(patientOf(i).id)),
);

// 3. The dose ledger of a VOT Status list page: the API list (with the ledger column) against the
// raw SQL of the same page without it, and the ledger alone against a bare count of the same records.
console.log(`\nVOT Status list page (${PATIENT_PAGE_SIZE} a page) with the ledger column`);
const listRaw = (where: SQL, offset: number) =>
  Promise.all([
    query(
      sql`select p.id, p.name, p.code, t.abbreviation from patients p left join townships t on t.id = p.township_id where ${where} order by p.id desc limit ${PATIENT_PAGE_SIZE} offset ${offset}`,
    ),
    query(sql`select count(*) from patients p where ${where}`),
  ]);
const pureWith = sql`p.status = 1 and p."VOT_accept" = 'Yes' and p."DOT_start_date" is not null and p.pure_or_hybrid = 'Pure' and p.volunteer_id is not null`;
const inFo = sql.raw(`p.township_id in (${foTownships.join(',')})`);
const pageNo = Array.from({ length: requests }, () => 1 + rnd(100));
await measure(
  'MEAL pure with volunteer, a page of the first 100',
  requests,
  (i) => api.get(`/api/v1/patients?page=${pageNo[i]}&DOT_with_volunteer=true&pure_or_hybrid=Pure`, meal),
  (i) => listRaw(pureWith, (pageNo[i]! - 1) * PATIENT_PAGE_SIZE),
);
await measure(
  'Field Officer pure with volunteer, first pages',
  requests,
  (i) => api.get(`/api/v1/patients?page=${1 + (i % 3)}&DOT_with_volunteer=true&pure_or_hybrid=Pure`, fo),
  (i) => listRaw(sql`${pureWith} and ${inFo}`, (i % 3) * PATIENT_PAGE_SIZE),
);
const pageIds = Array.from({ length: requests }, () =>
  Array.from({ length: PATIENT_PAGE_SIZE }, () => ongoing[rnd(ongoing.length)]!.id),
);
await measure(
  `the ledger alone, ${PATIENT_PAGE_SIZE} patients`,
  requests,
  (i) => ledgerByPatient(db.handle.db, pageIds[i]!),
  (i) =>
    query(
      sql`select patient_id, count(distinct date) from dots where patient_id in (${sql.raw(pageIds[i]!.join(','))}) group by patient_id`,
    ),
);
const bigPage = Array.from({ length: 30 }, () => ongoing[rnd(ongoing.length)]!.id);
await measure(
  'the ledger alone, 30 patients',
  Math.ceil(requests / 2),
  () => ledgerByPatient(db.handle.db, bigPage),
  () =>
    query(
      sql`select patient_id, count(distinct date) from dots where patient_id in (${sql.raw(bigPage.join(','))}) group by patient_id`,
    ),
);

// 4. The missed-dose list (2+ days in a row up to today) and the menu count that counts it.
console.log('\nmissed-dose list and the menu count');
const missedRaw = sql`p.status = 1 and p."VOT_accept" = 'Yes' and p."DOT_start_date" is not null and p."DOT_end_date" is null
  and not exists (select 1 from dots d where d.patient_id = p.id and d.date >= (now() at time zone 'Asia/Yangon')::date - ${MISSED_RUN_WARNING}::int and (d.work_status is not false))`;
await measure(
  'MEAL missed doses, first pages',
  requests,
  (i) => api.get(`/api/v1/patients?page=${1 + (i % 5)}&missed_doses=true`, meal),
  (i) => listRaw(missedRaw, (i % 5) * PATIENT_PAGE_SIZE),
);
await measure(
  'Field Officer missed doses, first page',
  requests,
  () => api.get('/api/v1/patients?page=1&missed_doses=true', fo),
  () => listRaw(sql`${missedRaw} and ${inFo}`, 0),
);
await measure(
  'dstb-patient-count, MEAL (all VOT counts)',
  requests,
  () => api.get('/api/v1/dstb-patient-count', meal),
  () =>
    query(
      sql`select count(*) filter (where p.pure_or_hybrid = 'Pure'), count(*) filter (where ${missedRaw}) from patients p where p.status = 1 and p."VOT_accept" = 'Yes' and p."DOT_start_date" is not null`,
    ),
);

// 5. The national ledger a report aggregates (VOT report group 6): every VOT patient's band, from the
// monthly roll-up (as of today and as of a past quarter's end), against the raw SQL summing the same rows.
console.log("\nnational ledger (a report's group 6 over every VOT patient, from the monthly roll-up)");
for (const asOf of [today, '2026-06-30']) {
  const national = await timeAgainstRaw(
    5,
    () => query(sql`select missed_band, count(*) from (${missedBandAsOfSql(undefined, asOf)}) l group by missed_band`),
    () =>
      query(
        sql`select patient_id, sum(observed_days) from patient_ledger_months where month <= ${asOf}::date group by patient_id`,
      ),
  );
  report(`bands of ${patientCount} patients as of ${asOf}`, national.api, national.raw);
}

// Issue 11's targets, each for its lines: a visit page ≤ 10 ms p95 and ≤ 2× raw; a patient's export
// ≤ 1 s; the ledger of a VOT Status list page ≤ 30 ms. The missed-dose lines, the count and the
// national bands are for reading (the reports have their own 1 s target: dashboards.mts, vot-report.mts).
summary(10, 2, (label) => /^(whole VOT|a month)/.test(label));
summary(1000, null, (label) => label.startsWith('export'));
summary(30, null, (label) => /pure with volunteer|the ledger alone/.test(label));
await api.close();
