// The missed-dose worklist at national scale: GET follow-ups (a page, most at risk first) as a MEAL
// role (the nation) and as a Field Officer (2 townships), a level filter, and a patient's history
// (GET follow-ups/{id}), through the whole API (bearer check included), each against the raw SQL of
// the same answer written by hand (the roll-up's rows of the open VOTs whose run reached the
// threshold, their townships, volunteers and the case's last action; the page and its count at once).
//
//   api/node_modules/.bin/tsx bench/follow-ups.mts [patients] [visits] [requests]
//   defaults: PostgreSQL 20 000 VOT patients, 10 000 000 visits, 60 requests; PGlite 2 000, 500 000, 30.
//   DATABASE_URL=postgres://…/vot_bench_follow_ups: a database of its own (createdb), which the bench
//   fills and keeps: a second run of the same size reuses the data (BENCH_REGENERATE=1 to make it again).
import { performance } from 'node:perf_hooks';
import { FOLLOW_UP_ACTIONS, FOLLOW_UP_OUTCOMES, FOLLOW_UP_THRESHOLD, PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { measure, startApi, summary, sql } from './harness.mts';
import { NATIONAL_TOWNSHIPS, openNationalBench } from './visits-data.mts';

const { db, patientCount, requests, t0, townshipIds, foTownships } = await openNationalBench({
  email: 'meal@vot.bench',
  role: 'MEAL Associate',
});
const N = FOLLOW_UP_THRESHOLD;

const { query } = db;
// Follow-up history: three old cases' actions for every VOT patient, and an action on the current case
// of half the patients on the worklist (whose last action the page shows).
await db.exec(sql`truncate follow_ups`);
const actions = sql.raw(`(array[${FOLLOW_UP_ACTIONS.map((a) => `'${a}'`).join(',')}])`);
const outcomes = sql.raw(`(array[${FOLLOW_UP_OUTCOMES.map((a) => `'${a}'`).join(',')}])`);
await db.step(
  'old cases',
  sql`insert into follow_ups (patient_id, case_since, action, outcome, next_date, created_at)
    select r.patient_id, r.start_date + k * 60, ${actions}[1 + (r.patient_id + k) % 5], ${outcomes}[1 + (r.patient_id * k) % 7],
      r.start_date + k * 60 + 3, (r.start_date + k * 60 + 2)::timestamptz
    from patient_ledgers r cross join generate_series(1, 3) k where r.start_date + k * 60 < r.missed_since`,
);
await db.step(
  'current cases',
  sql`insert into follow_ups (patient_id, case_since, action, outcome, next_date)
    select r.patient_id, r.missed_since, 'Phone call', 'Not reached', current_date + 1 from patient_ledgers r
    where r.end_date is null and r.missed_since <= current_date - ${N}::int and r.patient_id % 2 = 0`,
);
await db.exec(sql`vacuum analyze follow_ups`);
const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');
const [counts] = await query(
  sql`select (select count(*) from follow_ups) as actions, (select count(*) from dots) as visits,
    (select count(*) from patient_ledgers r join patients p on p.id = r.patient_id where r.end_date is null and p."DOT_end_date" is null
      and r.missed_since <= (now() at time zone 'Asia/Yangon')::date - ${N}::int) as candidates`,
);
console.log(
  `${db.kind}, ${patientCount} VOT patients, ${counts!.visits} visits, ${counts!.actions} follow-up actions, about ${counts!.candidates} on the worklist, ready in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${requests} requests a line`,
);

// The raw SQL of a worklist page, by hand: the open VOTs whose run reached N days (the counted end
// is today once today has a decided record, else yesterday), with the case's last action.
const rawWorklist = (scope: string, offset: number) => {
  const today = sql.raw(`(now() at time zone 'Asia/Yangon')::date`);
  const rows = sql`select p.id, p.name, p."SP_code", p.patient_phone_no, t.id as township_id, t.name as township, v.id as volunteer_id, v.name as volunteer,
      r.observed_days, r.last_observed_date, r.missed_since, e.run, e.elapsed, f.action, f.outcome, f.created_at, f.next_date
    from patient_ledgers r
    join patients p on p.id = r.patient_id
    cross join lateral (select (case when r.last_decided_date = ${today} then ${today} else ${today} - 1 end) - r.missed_since as run,
      (case when r.last_decided_date = ${today} then ${today} else ${today} - 1 end) - r.start_date + 1 as elapsed) e
    left join townships t on t.id = p.township_id
    left join volunteers v on v.id = p.volunteer_id
    left join lateral (select f.action, f.outcome, f.created_at, f.next_date from follow_ups f
      where f.patient_id = r.patient_id and f.case_since >= r.missed_since order by f.case_since desc, f.id desc limit 1) f on true
    where r.end_date is null and r.missed_since <= ${today} - ${N}::int and e.run >= ${N}::int
      and p.status = 1 and p."VOT_accept" = 'Yes' and p."DOT_start_date" is not null and p."DOT_end_date" is null ${sql.raw(scope)}`;
  return Promise.all([
    query(
      sql`${rows} order by e.run desc, r.observed_days::float / nullif(e.elapsed, 0) asc nulls first, p.id limit ${PATIENT_PAGE_SIZE} offset ${offset}`,
    ),
    query(sql`select count(*) from (${rows}) l`),
  ]);
};
const inFo = `and p.township_id in (${foTownships.join(',')})`;

console.log('\nthe worklist (GET follow-ups), against its raw SQL (page and count at once)');
await measure(
  'MEAL worklist, pages 1–5',
  requests,
  (i) => api.get(`/api/v1/follow-ups?page=${1 + (i % 5)}`, meal),
  (i) => rawWorklist('', (i % 5) * PATIENT_PAGE_SIZE),
);
await measure(
  'MEAL worklist, one township',
  requests,
  (i) => api.get(`/api/v1/follow-ups?page=1&township_id=${townshipIds[i % NATIONAL_TOWNSHIPS]}`, meal),
  (i) => rawWorklist(`and p.township_id = ${townshipIds[i % NATIONAL_TOWNSHIPS]}`, 0),
);
await measure(
  'Field Officer worklist, first page',
  requests,
  () => api.get('/api/v1/follow-ups?page=1', fo),
  () => rawWorklist(inFo, 0),
);

// A patient's history: their actions and how each case closed.
const withHistory = (await query(sql`select distinct patient_id from follow_ups order by 1 limit 500`)).map((r) =>
  Number(r.patient_id),
);
const someone = (i: number) => withHistory[(i * 7919) % withHistory.length]!;
console.log("\na patient's history (GET follow-ups/{id})");
await measure(
  'MEAL history of a patient',
  requests,
  (i) => api.get(`/api/v1/follow-ups/${someone(i)}`, meal),
  (i) =>
    Promise.all([
      query(
        sql`select f.*, u.name from follow_ups f left join users u on u.id = f.recorded_by where f.patient_id = ${someone(i)} order by f.case_since desc, f.id desc`,
      ),
      query(
        sql`select c.case_since, (select min(d.date) from dots d where d.patient_id = ${someone(i)} and d.date > c.case_since and d.work_status is not false) from (select distinct case_since from follow_ups where patient_id = ${someone(i)}) c`,
      ),
    ]),
);

// The issue's target for the worklist pages: p95 ≤ 30 ms and ≤ 2× the raw SQL.
summary(30, 2, (label) => label.includes('worklist'));
await api.close();
