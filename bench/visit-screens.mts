// API latency of the visit screens' calls (the visit list, the calendar, one record, a patient's
// whole-history export, the no-app grid) on generated visit records, against the raw SQL of the same
// answer measured in the same run on the same database (these machines are noisy: read the ratios).
//
//   api/node_modules/.bin/tsx bench/visit-screens.mts [patients=20000] [days=180] [requests=60]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, patients, visits — and fills them)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openPglite, openPostgres } from '../api/src/db/client';
import { hashPassword } from '../api/src/lib/passwords';

const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
const load = async <T,>(name: string) => (await import(pathToFileURL(apiRequire.resolve(name)).href)) as T;
const { sql } = await load<typeof import('drizzle-orm')>('drizzle-orm');
type SQL = import('drizzle-orm').SQL;
const { VOT_VISIT_PAGE_SIZE } = await load<typeof import('@vot/shared/domain')>('@vot/shared/domain');

const patientCount = Number(process.argv[2] ?? 20_000);
const days = Number(process.argv[3] ?? 180);
const requests = Number(process.argv[4] ?? 60);
const TOWNSHIPS = 30;
const SIZE = VOT_VISIT_PAGE_SIZE;

const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
await handle.migrate();
const config = { ...loadConfig({ DATA_DIR: '/nonexistent' }), logLevel: 'silent' };
type Rows = { rows: Record<string, unknown>[] };
const query = async (q: SQL) => ((await handle.db.execute(q)) as unknown as Rows).rows;

const t0 = performance.now();
await handle.db.execute(sql`truncate regions, districts, projects, townships, users, volunteers, patients restart identity cascade`);
await handle.db.execute(sql`insert into regions (name) values ('Bench Region')`);
await handle.db.execute(sql`insert into districts (name) values ('Bench District')`);
await handle.db.execute(sql`insert into projects (name, abbreviation) values ('Bench Project', 'BP')`);
await handle.db.execute(sql`
  insert into townships (name, abbreviation, region_id, district_id, project_id)
  select 'Township ' || t, 'T' || t, (select min(id) from regions), (select min(id) from districts), (select min(id) from projects)
  from generate_series(1, ${TOWNSHIPS}) t`);
// Every patient on VOT for `days` days, pure without a volunteer (one history entry each); 1 in 10 a
// No App patient with a volunteer's no-app days instead of app records.
await handle.db.execute(sql`
  insert into patients (id, year, township_id, status, "SP_code", code, password_hash, name, age, sex, treatment_regimen, patient_address,
    patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_accept", "DOT_start_date", pure_or_hybrid)
  select g, 2026, 1 + g % ${TOWNSHIPS}, 1, 'SP-' || g, 'T-P' || g, 'bench', 'Patient ' || g, 40, 'Female', '1. LTR', 'Ward', '0942', 'Family', '0942',
    'Burmese', 160, 55, 21.5, 'Yes', 'Yes', current_date - ${sql.raw(String(days))}, 'Pure'
  from generate_series(1, ${patientCount}) g`);
await handle.db.execute(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
await handle.db.execute(sql`insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer) select id, current_date - ${sql.raw(String(days))}, 'Pure', 'No' from patients`);
// One record a patient a day: works 1, 2, 3 in turn, a missed day in 7, a late one in 5; medicines on observed days.
await handle.db.execute(sql`
  insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, remark, late_remark, created, "DOT_records", patient_condition, actions)
  select gen_random_uuid()::text, p.id, p.id, current_date - d, case when p.id % 10 = 0 then 5 else 1 + d % 3 end,
    case when d % 7 = 3 then false when p.id % 10 = 0 and d < 3 then null else true end,
    case when d % 3 = 2 then 'Sent the video' end, case when d % 5 = 4 then 'No internet' end,
    case when p.id % 10 = 0 then 'no-app' else 'app' end,
    case when d % 3 = 2 or p.id % 10 = 0 then '[]'::jsonb else '[{"medicine_name":"Bedaquiline","quantity":2},{"medicine_name":"Linezolid","quantity":1}]'::jsonb end,
    'Good', '1,3'
  from patients p cross join generate_series(0, ${days - 1}) d`);
await handle.db.execute(sql`vacuum analyze dots`);
await handle.db.execute(sql`vacuum analyze patients`);
const visitCount = Number((await query(sql`select count(*) from dots`))[0]!.count);

const passwordHash = await hashPassword('bench password', config.scrypt);
const projectId = Number((await query(sql`select min(id) as id from projects`))[0]!.id);
await handle.db.execute(sql`
  insert into users (name, email, role, password_hash, project_id, township_id) values
    ('Bench MEAL', 'meal@vot.bench', 'MEAL Associate', ${passwordHash}, null, null),
    ('Bench FO', 'fo@vot.bench', 'Field Officer', ${passwordHash}, ${projectId}, 2)`);
const foId = Number((await query(sql`select id from users where email = 'fo@vot.bench'`))[0]!.id);
await handle.db.execute(sql`insert into user_townships (user_id, township_id) values (${foId}, 2), (${foId}, 3)`);
const setupMs = performance.now() - t0;

const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
async function bearer(email: string) {
  const login = await app.inject({ method: 'POST', url: '/api/v1/io-login', payload: { email, password: 'bench password' } });
  if (login.statusCode !== 200) throw new Error(`sign-in ${email}: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json().access_token}` };
}
const meal = await bearer('meal@vot.bench');
const fo = await bearer('fo@vot.bench');

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
const results: { label: string; api: ReturnType<typeof stats>; raw: ReturnType<typeof stats> }[] = [];
function report(label: string, api: number[], raw: number[]) {
  const a = stats(api);
  const r = stats(raw);
  results.push({ label, api: a, raw: r });
  console.log(
    `${label.padEnd(48)} API p50 ${a.p50.toFixed(1).padStart(6)} p95 ${a.p95.toFixed(1).padStart(6)} ms | raw p50 ${r.p50.toFixed(1).padStart(6)} p95 ${r.p95.toFixed(1).padStart(6)} ms | p95 ${(a.p95 / r.p95).toFixed(2)}×`,
  );
}

/** `url(patient)` through the API against `raw(patient)`, on a random app (or no-app) patient each time. */
async function measure(label: string, headers: Record<string, string>, pick: () => number, url: (id: number) => string, raw: (id: number) => Promise<unknown>, check?: (body: unknown) => void) {
  const api: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < requests; i++) {
    const id = pick();
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url: url(id), headers });
    api.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i === 0) check?.(res.json());
    t = performance.now();
    await raw(id);
    rawMs.push(performance.now() - t);
  }
  report(label, api, rawMs);
}

const appPatient = () => {
  const id = 1 + Math.floor(Math.random() * patientCount);
  return id % 10 === 0 ? id + 1 : id;
};
const noAppPatient = () => 10 * (1 + Math.floor(Math.random() * Math.floor(patientCount / 10)));
// A Field Officer's patients: townships 2 and 3 are the patients with id % 30 = 1 or 2.
const foPatient = () => 30 * Math.floor(Math.random() * Math.floor(patientCount / 30)) + 1 + (Math.random() < 0.5 ? 0 : 1);

const columns = sql.raw(`id, uuid, patient_id, change_volunteer_id, date, work, work_status, long, minor_side_effects, major_side_effects, actions, video, sign,
  remark, late_remark, patient_condition, created, "DOT_records"`);
const listRaw = (works: string) => (id: number, offset = 0) =>
  Promise.all([
    query(sql`select ${columns} from dots where patient_id = ${id} and created <> 'no-app' ${sql.raw(works)} order by date desc, id desc limit ${SIZE} offset ${offset}`),
    query(sql`select count(*) from dots where patient_id = ${id} and created <> 'no-app' ${sql.raw(works)}`),
  ]);
const hasPage = (n: number) => (body: unknown) => {
  if ((body as { data: unknown[] }).data.length !== n) throw new Error(`expected ${n} rows, got ${(body as { data: unknown[] }).data.length}`);
};

console.log(
  `${handle.kind}, ${patientCount} VOT patients × ${days} days = ${visitCount} visit records over ${TOWNSHIPS} townships, set up in ${(setupMs / 1000).toFixed(1)} s;` +
    ` ${requests} requests per line (sequential, fastify.inject incl. the bearer check), a random patient each`,
);
await measure('DOTs/{id}?page=1 (visit list), MEAL', meal, appPatient, (id) => `/api/v1/DOTs/${id}?page=1`, (id) => listRaw('and work in (1,2,4,5)')(id), hasPage(SIZE));
await measure('DOTs/{id}?page=1, Field Officer', fo, foPatient, (id) => `/api/v1/DOTs/${id}?page=1`, (id) => listRaw('and work in (1,2,4,5)')(id), hasPage(SIZE));
await measure('DOTs/{id}?page=1&start_date&end_date (a week)', meal, appPatient, (id) => `/api/v1/DOTs/${id}?page=1&start_date=${day(13)}&end_date=${day(7)}`, (id) =>
  Promise.all([
    query(sql`select ${columns} from dots where patient_id = ${id} and created <> 'no-app' and work in (1,2,4,5) and date between ${day(13)} and ${day(7)} order by date desc, id desc limit ${SIZE}`),
    query(sql`select count(*) from dots where patient_id = ${id} and created <> 'no-app' and work in (1,2,4,5) and date between ${day(13)} and ${day(7)}`),
  ]));
await measure('all-DOTs/{id}?page=1 (calendar)', meal, appPatient, (id) => `/api/v1/all-DOTs/${id}?page=1`, (id) => listRaw('')(id), hasPage(SIZE));
await measure('all-DOTs/{id}?page=5 (calendar, older)', meal, appPatient, (id) => `/api/v1/all-DOTs/${id}?page=5`, (id) => listRaw('')(id, 4 * SIZE));
await measure('NoVolunteer-DOTs/{id}?page=1', meal, appPatient, (id) => `/api/v1/NoVolunteer-DOTs/${id}?page=1`, (id) => listRaw('and work in (3,6)')(id));
await measure('NoApp-DOTs/{id}?page=1 (grid, counters)', meal, noAppPatient, (id) => `/api/v1/NoApp-DOTs/${id}?page=1`, (id) =>
  Promise.all([
    query(sql`select id, patient_id, date, work_status from dots where patient_id = ${id} and created = 'no-app' order by date desc limit 28`),
    query(sql`select count(*), count(*) filter (where work_status), count(*) filter (where not work_status), max(date) from dots where patient_id = ${id} and created = 'no-app'`),
  ]), hasPage(28));
const visitIds = (await query(sql`select id from dots where created = 'app' order by random() limit ${requests}`)).map((r) => Number(r.id));
let n = 0;
await measure('DOT/{id} (one record, its links)', meal, () => visitIds[n++ % visitIds.length]!, (id) => `/api/v1/DOT/${id}`, (id) =>
  query(sql`select d.*, p.name, p.dot_patient_id_gf, t.name, c.type, v.name from dots d join patients p on p.id = d.patient_id left join townships t on t.id = p.township_id
    left join change_volunteers c on c.id = d.change_volunteer_id left join volunteers v on v.id = c.volunteer_id where d.id = ${id}`));
await measure(`export-all-DOTs/{id} (whole history, ${days} rows)`, meal, appPatient, (id) => `/api/v1/export-all-DOTs/${id}`, (id) =>
  query(sql`select d.*, p.name, t.name, c.type, v.name, (select string_agg(m->>'medicine_name' || ' x ' || (m->>'quantity'), ', ') from jsonb_array_elements(d."DOT_records") m)
    from dots d join patients p on p.id = d.patient_id left join townships t on t.id = p.township_id left join change_volunteers c on c.id = d.change_volunteer_id
    left join volunteers v on v.id = c.volunteer_id where d.patient_id = ${id} and d.created <> 'no-app' order by d.date desc, d.id desc`), hasPage(days));

function day(offset: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - offset);
  return d.toISOString().slice(0, 10);
}

console.log(`\nEXPLAIN the visit list page`);
const plan = (await query(sql`explain select ${columns} from dots where patient_id = 12345 and created <> 'no-app' and work in (1,2,4,5) order by date desc, id desc limit ${SIZE}`)).map((r) => `  ${String(Object.values(r)[0])}`);
console.log(plan.join('\n'));

const over = results.filter((r) => r.api.p95 > 10 || r.api.p95 > 2 * r.raw.p95);
console.log(`\n${results.length - over.length}/${results.length} lines within p95 ≤ 10 ms and ≤ 2× raw; over: ${over.map((r) => r.label).join('; ') || 'none'}`);

await app.close();
await handle.close();
