// API latency of the visit screens' calls (the visit list, the calendar, one record, a patient's
// whole-history export, the no-app grid) on generated visit records, against the raw SQL of the same
// answer measured in the same run on the same database (these machines are noisy: read the ratios).
//
//   api/node_modules/.bin/tsx bench/visit-screens.mts [patients=20000] [days=180] [requests=60]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, patients, visits — and fills them)
import { performance } from 'node:perf_hooks';
import { VOT_VISIT_PAGE_SIZE } from '@vot/shared/domain';
import {
  addAccounts,
  generatePlaces,
  measure as measureLine,
  openDatabase,
  startApi,
  summary,
  sql,
} from './harness.mts';
import { readyDotsForBulkLoad } from './visits-data.mts';

const patientCount = Number(process.argv[2] ?? 20_000);
const days = Number(process.argv[3] ?? 180);
const requests = Number(process.argv[4] ?? 60);
const TOWNSHIPS = 30;
const SIZE = VOT_VISIT_PAGE_SIZE;

const db = await openDatabase();
const { query } = db;

const t0 = performance.now();
// A second run of the same sizes on the same database keeps the generated records (10 million take
// half an hour on these machines) and makes the accounts again.
const count = async (table: string) => Number((await query(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
const kept = (await count('patients')) === patientCount && (await count('dots')) === patientCount * days;
let townshipIds: number[];
if (kept) {
  townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
  // Not a truncate: it would cascade to every table naming a user (the visits' verdicts).
  await db.exec(sql`delete from users`);
  console.log('keeping the patients and visit records of the last run');
} else {
  townshipIds = await generatePlaces(db, TOWNSHIPS);
  // Every patient on VOT for `days` days, pure without a volunteer (one history entry each); 1 in 10 a
  // No App patient with a volunteer's no-app days instead of app records.
  await db.exec(sql`
    insert into patients (id, year, township_id, status, "SP_code", code, password_hash, name, age, sex, treatment_regimen, patient_address,
      patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_accept", "DOT_start_date", pure_or_hybrid)
    select g, 2026, 1 + g % ${TOWNSHIPS}, 1, 'SP-' || g, 'T-P' || g, 'bench', 'Patient ' || g, 40, 'Female', '1. LTR', 'Ward', '0942', 'Family', '0942',
      'Burmese', 160, 55, 21.5, 'Yes', 'Yes', current_date - ${sql.raw(String(days))}, 'Pure'
    from generate_series(1, ${patientCount}) g`);
  await db.exec(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
  await db.exec(
    sql`insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer) select id, current_date - ${sql.raw(String(days))}, 'Pure', 'No' from patients`,
  );
  // One record a patient a day: works 1, 2, 3 in turn, a missed day in 7, a late one in 5; medicines on
  // observed days. In slices of 2 000 patients (WAL stays small), the indexes built once after the load.
  const restoreDots = await readyDotsForBulkLoad(db);
  for (let from = 1; from <= patientCount; from += 2000)
    await db.exec(sql`
    insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, remark, late_remark, created, "DOT_records", patient_condition, actions)
    select gen_random_uuid()::text, p.id, p.id, current_date - d, case when p.id % 10 = 0 then 5 else 1 + d % 3 end,
      case when d % 7 = 3 then false when p.id % 10 = 0 and d < 3 then null else true end,
      case when d % 3 = 2 then 'Sent the video' end, case when d % 5 = 4 then 'No internet' end,
      case when p.id % 10 = 0 then 'no-app' else 'app' end,
      case when d % 3 = 2 or p.id % 10 = 0 then '[]'::jsonb else '[{"medicine_name":"Bedaquiline","quantity":2},{"medicine_name":"Linezolid","quantity":1}]'::jsonb end,
      'Good', '1,3'
    from patients p cross join generate_series(0, ${days - 1}) d where p.id between ${from} and ${from + 1999}`);
  await restoreDots();
  await db.exec(sql`vacuum analyze dots`);
  await db.exec(sql`vacuum analyze patients`);
}
const visitCount = Number((await query(sql`select count(*) from dots`))[0]!.count);

// Townships 2 and 3: the patients with id % 30 = 1 or 2 (foPatient below).
const foTownships = townshipIds.slice(1, 3);
await addAccounts(db, [
  { email: 'meal@vot.bench', role: 'MEAL Associate' },
  { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships },
]);
const setupMs = performance.now() - t0;

const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');

/** `url(patient)` through the API against `raw(patient)`, on a random app (or no-app) patient each time. */
async function measure(
  label: string,
  headers: Record<string, string>,
  pick: () => number,
  url: (id: number) => string,
  raw: (id: number) => Promise<unknown>,
  check?: (body: unknown) => void,
) {
  // The same patient for the API and the raw SQL of a round; the first answer checked before timing.
  const ids = Array.from({ length: requests }, pick);
  check?.(await api.get(url(ids[0]!), headers));
  await measureLine(
    label,
    requests,
    (i) => api.get(url(ids[i]!), headers),
    (i) => raw(ids[i]!),
  );
}

const appPatient = () => {
  const id = 1 + Math.floor(Math.random() * patientCount);
  return id % 10 === 0 ? id - 1 : id; // a no-app patient's neighbour (id + 1 could pass the last)
};
const noAppPatient = () => 10 * (1 + Math.floor(Math.random() * Math.floor(patientCount / 10)));
// A Field Officer's patients: townships 2 and 3 are the patients with id % 30 = 1 or 2.
const foPatient = () =>
  30 * Math.floor(Math.random() * Math.floor(patientCount / 30)) + 1 + (Math.random() < 0.5 ? 0 : 1);

const columns =
  sql.raw(`id, uuid, patient_id, change_volunteer_id, date, work, work_status, long, minor_side_effects, major_side_effects, actions, video, sign,
  remark, late_remark, patient_condition, created, "DOT_records"`);
const listRaw =
  (works: string) =>
  (id: number, offset = 0) =>
    Promise.all([
      query(
        sql`select ${columns} from dots where patient_id = ${id} and created <> 'no-app' ${sql.raw(works)} order by date desc, id desc limit ${SIZE} offset ${offset}`,
      ),
      query(sql`select count(*) from dots where patient_id = ${id} and created <> 'no-app' ${sql.raw(works)}`),
    ]);
const hasPage = (n: number) => (body: unknown) => {
  if ((body as { data: unknown[] }).data.length !== n)
    throw new Error(`expected ${n} rows, got ${(body as { data: unknown[] }).data.length}`);
};

console.log(
  `${db.kind}, ${patientCount} VOT patients × ${days} days = ${visitCount} visit records over ${TOWNSHIPS} townships, set up in ${(setupMs / 1000).toFixed(1)} s;` +
    ` ${requests} requests per line (sequential, fastify.inject incl. the bearer check), a random patient each`,
);
await measure(
  'DOTs/{id}?page=1 (visit list), MEAL',
  meal,
  appPatient,
  (id) => `/api/v1/DOTs/${id}?page=1`,
  (id) => listRaw('and work in (1,2,4,5)')(id),
  hasPage(SIZE),
);
await measure(
  'DOTs/{id}?page=1, Field Officer',
  fo,
  foPatient,
  (id) => `/api/v1/DOTs/${id}?page=1`,
  (id) => listRaw('and work in (1,2,4,5)')(id),
  hasPage(SIZE),
);
await measure(
  'DOTs/{id}?page=1&start_date&end_date (a week)',
  meal,
  appPatient,
  (id) => `/api/v1/DOTs/${id}?page=1&start_date=${day(13)}&end_date=${day(7)}`,
  (id) =>
    Promise.all([
      query(
        sql`select ${columns} from dots where patient_id = ${id} and created <> 'no-app' and work in (1,2,4,5) and date between ${day(13)} and ${day(7)} order by date desc, id desc limit ${SIZE}`,
      ),
      query(
        sql`select count(*) from dots where patient_id = ${id} and created <> 'no-app' and work in (1,2,4,5) and date between ${day(13)} and ${day(7)}`,
      ),
    ]),
);
await measure(
  'all-DOTs/{id}?page=1 (calendar)',
  meal,
  appPatient,
  (id) => `/api/v1/all-DOTs/${id}?page=1`,
  (id) => listRaw('')(id),
  hasPage(SIZE),
);
await measure(
  'all-DOTs/{id}?page=5 (calendar, older)',
  meal,
  appPatient,
  (id) => `/api/v1/all-DOTs/${id}?page=5`,
  (id) => listRaw('')(id, 4 * SIZE),
);
await measure(
  'NoVolunteer-DOTs/{id}?page=1',
  meal,
  appPatient,
  (id) => `/api/v1/NoVolunteer-DOTs/${id}?page=1`,
  (id) => listRaw('and work in (3,6)')(id),
);
await measure(
  'NoApp-DOTs/{id}?page=1 (grid, counters)',
  meal,
  noAppPatient,
  (id) => `/api/v1/NoApp-DOTs/${id}?page=1`,
  (id) =>
    Promise.all([
      query(
        sql`select id, patient_id, date, work_status from dots where patient_id = ${id} and created = 'no-app' order by date desc limit 28`,
      ),
      query(
        sql`select count(*), count(*) filter (where work_status), count(*) filter (where not work_status), max(date) from dots where patient_id = ${id} and created = 'no-app'`,
      ),
    ]),
  hasPage(28),
);
const visitIds = (await query(sql`select id from dots where created = 'app' order by random() limit ${requests}`)).map(
  (r) => Number(r.id),
);
let n = 0;
await measure(
  'DOT/{id} (one record, its links)',
  meal,
  () => visitIds[n++ % visitIds.length]!,
  (id) => `/api/v1/DOT/${id}`,
  (id) =>
    query(sql`select d.*, p.name, p.dot_patient_id_gf, t.name, c.type, v.name from dots d join patients p on p.id = d.patient_id left join townships t on t.id = p.township_id
    left join change_volunteers c on c.id = d.change_volunteer_id left join volunteers v on v.id = c.volunteer_id where d.id = ${id}`),
);
await measure(
  `export-all-DOTs/{id} (whole history, ${days} rows)`,
  meal,
  appPatient,
  (id) => `/api/v1/export-all-DOTs/${id}`,
  (id) =>
    query(sql`select d.*, p.name, t.name, c.type, v.name, (select string_agg(m->>'medicine_name' || ' x ' || (m->>'quantity'), ', ') from jsonb_array_elements(d."DOT_records") m)
    from dots d join patients p on p.id = d.patient_id left join townships t on t.id = p.township_id left join change_volunteers c on c.id = d.change_volunteer_id
    left join volunteers v on v.id = c.volunteer_id where d.patient_id = ${id} and d.created <> 'no-app' order by d.date desc, d.id desc`),
  hasPage(days),
);

function day(offset: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - offset);
  return d.toISOString().slice(0, 10);
}

console.log(`\nEXPLAIN the visit list page`);
const plan = (
  await query(
    sql`explain select ${columns} from dots where patient_id = 12345 and created <> 'no-app' and work in (1,2,4,5) order by date desc, id desc limit ${SIZE}`,
  )
).map((r) => `  ${String(Object.values(r)[0])}`);
console.log(plan.join('\n'));

// Issue 11's targets: a visit-list or calendar page ≤ 10 ms p95 and ≤ 2× its raw SQL; a patient's whole-history export ≤ 1 s.
const exported = (label: string) => label.startsWith('export');
summary(10, 2, (label) => !exported(label));
summary(1000, null, exported);

await api.close();
