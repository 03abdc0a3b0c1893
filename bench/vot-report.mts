// The VOT report (GET VOT-report) for a whole fiscal year on national data: 500 000 patients over
// 330 townships with cohorts FY24Q1–FY26Q4, 23 000 of them on VOT with about 10 million visit
// records, as a MEAL role (every township) and a Field Officer (2 townships), against the raw SQL
// of the same answer (the report's two statements run straight on the database, no HTTP, no sign-in
// check, no mapping) in the same run. Checks first that both give the same figures.
//
//   api/node_modules/.bin/tsx bench/vot-report.mts [patients=500000] [votPatients=23000] [requests=20]
//   DATABASE_URL=postgres://… for PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them, and fills them)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openPglite, openPostgres } from '../api/src/db/client';
import { hashPassword } from '../api/src/lib/passwords';
import { cohortWhere } from '../api/src/routes/reports/vot-report/cohort';
import { missedDoses } from '../api/src/routes/reports/vot-report/missed-doses';
import { groupsSql } from '../api/src/routes/reports/vot-report/query';

const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
const load = async <T,>(name: string) => (await import(pathToFileURL(apiRequire.resolve(name)).href)) as T;
const { sql } = await load<typeof import('drizzle-orm')>('drizzle-orm');
type SQL = import('drizzle-orm').SQL;
const { REPORT_PERIODS, reportQuartersBetween, todayIn } = await load<typeof import('@vot/shared/domain')>('@vot/shared/domain');

const patientCount = Number(process.argv[2] ?? 500_000);
const votCount = Number(process.argv[3] ?? 23_000);
const requests = Number(process.argv[4] ?? 20);
const TOWNSHIPS = 330;
/** Days of VOT per patient (a long DR-TB regimen); visits on 7 days of 8, 1 in 20 of them not observed. */
const VOT_DAYS = 500;

const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
await handle.migrate();
const config = { ...loadConfig({ DATA_DIR: '/nonexistent' }), logLevel: 'silent' };
type Rows = { rows: Record<string, unknown>[] };
const query = async (q: SQL) => ((await handle.db.execute(q)) as unknown as Rows).rows;
const step = async (label: string, q: SQL) => {
  const t = performance.now();
  await handle.db.execute(q);
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
};

const t0 = performance.now();
console.log('generating…');
// A second run on the same database keeps the generated patients (minutes on these machines) and
// makes the VOT patients, their visits and the accounts again.
const existing = Number((await query(sql`select count(*) as n from patients`))[0]!.n);
const reuse = existing === patientCount;
if (reuse) {
  await step('clear VOT data and accounts', sql`truncate users, change_volunteers, dots restart identity cascade`);
  await handle.db.execute(sql`update patients set "DOT_start_date" = null, "DOT_end_date" = null, "VDOT_end_date" = null, "VDOT_end_type" = null, "VDOT_stop_reason" = null where "DOT_start_date" is not null`);
} else {
await step('clear', sql`truncate regions, districts, projects, townships, users, volunteers, patients, change_volunteers, dots restart identity cascade`);
await handle.db.execute(sql`insert into regions (name) values ('Bench Region')`);
await handle.db.execute(sql`insert into districts (name) values ('Bench District')`);
await handle.db.execute(sql`insert into projects (name, abbreviation) values ('Bench Project', 'BP')`);
await handle.db.execute(sql`
  insert into townships (name, abbreviation, region_id, district_id, project_id)
  select 'Township ' || t, 'T' || t, (select min(id) from regions), (select min(id) from districts), (select min(id) from projects)
  from generate_series(1, ${TOWNSHIPS}) t`);
// Every patient: screened 6 in 10 (eligible 4), a cohort quarter spread over the twelve, sex and
// age (a DOB for half), 1 in 50 in the trash. The first `votCount` eligible ones are on VOT below.
const periods = sql.raw(`(array[${REPORT_PERIODS.map((p) => `'${p}'`).join(',')}])`);
await step(
  `${patientCount} patients`,
  sql`
  insert into patients (id, year, township_id, recover_township_id, status, code, password_hash, name, "DOB", age, sex, treatment_regimen,
    patient_address, patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI", report_period,
    "VOT_eligible", "VOT_not_eligible_reason", "VOT_accept", "VOT_not_accept_reason")
  select g, 2024 + g % 3, case when trashed then null else tw end, case when trashed then tw end, case when trashed then 0 else 1 end,
    'T' || tw || '-P' || g, 'bench, not a hash', 'Patient ' || g,
    case when g % 2 = 0 then date '2026-01-01' - (g % 70) * 365 - g % 365 end, g % 70, case when g % 2 = 0 then 'Male' else 'Female' end,
    '1. LTR', 'Ward 1', '0942000000', 'Family', '0942000000', 'Burmese', 160, 55, 21.5, ${periods}[1 + (g / 13) % 12],
    case when e < 4 then 'Yes' when e < 6 then 'No' end, case when e between 4 and 5 then 'Adherence issues' end,
    case when e < 4 and a < 6 then 'Yes' when e < 4 and a = 6 then 'No' end,
    case when e < 4 and a = 6 then (array['Family does not agree', 'Privacy concern', 'Others (Specify)'])[1 + g % 3] end
  from (select g, 1 + g % ${TOWNSHIPS} as tw, (g / 7) % 10 as e, (g / 11) % 8 as a, (g / ${TOWNSHIPS}) % 50 = 17 as trashed
        from generate_series(1, ${patientCount}) g) s`,
);
await handle.db.execute(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
}
// VOT: starts spread over 2024-01-01 … 2025-06-01, VOT_DAYS long; 1 in 5 ended (cured, completed
// or stopped with a reason), the rest still on VOT. One App change-volunteer entry each.
await step(
  `${votCount} VOT patients`,
  sql`
  with chosen as (
    select id, row_number() over (order by id) as n from patients where status = 1 and "VOT_accept" = 'Yes' order by id limit ${votCount}
  )
  update patients p set "DOT_start_date" = date '2024-01-01' + (c.n % 517)::int,
    "DOT_end_date" = case when c.n % 5 = 0 then date '2024-01-01' + (c.n % 517)::int + ${sql.raw(String(VOT_DAYS - 1))} end,
    "VDOT_end_date" = case when c.n % 5 = 0 then date '2024-01-01' + (c.n % 517)::int + ${sql.raw(String(VOT_DAYS - 1))} end,
    "VDOT_end_type" = case when c.n % 5 = 0 then (array['Cured', 'Treatment Complete', 'Unable to continue VOT'])[1 + (c.n / 5) % 3] end,
    "VDOT_stop_reason" = case when c.n % 5 = 0 and (c.n / 5) % 3 = 2 then (array['Switch to family/in-person DOT', 'Deny VOT', 'Damage/losing phone', 'Technical issues', 'Internet connection problem', 'Others'])[1 + c.n % 6] end,
    pure_or_hybrid = 'Pure', type = 'App'
  from chosen c where p.id = c.id`,
);
await step('change_volunteers', sql`insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer, type) select id, "DOT_start_date", 'Pure', 'No', null from patients where "DOT_start_date" is not null`);
const today = todayIn();
await step(
  'visits',
  sql`
  insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, created)
  select md5(p.id || '/' || d), p.id, cv.id, p."DOT_start_date" + d, 1 + (p.id + d) % 3, (p.id + d) % 20 <> 0, 'app'
  from patients p join change_volunteers cv on cv.patient_id = p.id
  cross join generate_series(0, ${sql.raw(String(VOT_DAYS - 1))}) d
  where p."DOT_start_date" is not null and (p.id + d) % 8 <> 0 and p."DOT_start_date" + d <= date ${sql.raw(`'${today}'`)}`,
);
await step('vacuum analyze', sql`vacuum analyze patients, dots, change_volunteers`);
const visits = Number((await query(sql`select count(*) as n from dots`))[0]!.n);
const townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
const foTownships = townshipIds.slice(0, 2);
const passwordHash = await hashPassword('bench password', config.scrypt);
const projectId = Number((await query(sql`select min(id) as id from projects`))[0]!.id);
await handle.db.execute(sql`
  insert into users (name, email, role, password_hash, project_id, township_id) values
    ('Bench MEAL', 'meal@vot.bench', 'MEAL Associate', ${passwordHash}, null, null),
    ('Bench FO', 'fo@vot.bench', 'Field Officer', ${passwordHash}, ${projectId}, ${foTownships[0]!})`);
const foId = Number((await query(sql`select id from users where email = 'fo@vot.bench'`))[0]!.id);
for (const township of foTownships) await handle.db.execute(sql`insert into user_townships (user_id, township_id) values (${foId}, ${township})`);
console.log(`setup ${((performance.now() - t0) / 1000).toFixed(0)} s: ${patientCount} patients, ${votCount} on VOT, ${visits} visit records (${handle.kind})`);

const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
async function bearer(email: string) {
  const login = await app.inject({ method: 'POST', url: '/api/v1/io-login', payload: { email, password: 'bench password' } });
  if (login.statusCode !== 200) throw new Error(`sign-in ${email}: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json().access_token}` };
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The whole fiscal year FY26 up to today (a report cannot end after today). */
const START = '2026-01-01';
const END = today < '2026-12-31' ? today : '2026-12-31';
const yearPeriods = reportQuartersBetween(START, END);

async function measure(label: string, email: string, scope: { role: 'MEAL Associate' | 'Field Officer'; township_ids: number[] }) {
  const headers = await bearer(email);
  const url = `/api/v1/VOT-report?start_date=${START}&end_date=${END}`;
  const where = cohortWhere(scope as never, yearPeriods);
  // The raw SQL of the same answer: the two statements the route runs, at once, as it does.
  const raw = () => Promise.all([query(groupsSql(where, yearPeriods, END)), missedDoses(handle.db, where, END)]);
  const first = await app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 200) throw new Error(`${label}: ${first.statusCode} ${first.body.slice(0, 300)}`);
  const body = first.json() as { data: { screened: { total: number }; missed_doses: { head_count: number } }[] };
  const [groups, missed] = await raw();
  const screened = groups.reduce((s, r) => s + Number(r['screened.total']), 0);
  const headCount = [...missed.values()].reduce((s, m) => s + m.under10 + m.from10to50 + m.over50, 0);
  const apiScreened = body.data.reduce((s, r) => s + r.screened.total, 0);
  const apiHead = body.data.reduce((s, r) => s + r.missed_doses.head_count, 0);
  if (screened !== apiScreened || headCount !== apiHead) throw new Error(`${label}: API ${apiScreened}/${apiHead} ≠ raw ${screened}/${headCount}`);
  const api: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < requests; i++) {
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    api.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
    t = performance.now();
    await raw();
    rawMs.push(performance.now() - t);
  }
  const a = stats(api);
  const r = stats(rawMs);
  console.log(
    `${label.padEnd(44)} ${String(body.data.length).padStart(5)} rows, ${apiScreened} screened, ${apiHead} in group 6 | API p50 ${a.p50.toFixed(0).padStart(5)} p95 ${a.p95.toFixed(0).padStart(5)} ms | raw p50 ${r.p50.toFixed(0).padStart(5)} p95 ${r.p95.toFixed(0).padStart(5)} ms | p95 ${(a.p95 / r.p95).toFixed(2)}×`,
  );
}

await measure(`FY26 (${START} … ${END}), MEAL, national`, 'meal@vot.bench', { role: 'MEAL Associate', township_ids: [] });
await measure(`FY26, Field Officer of 2 townships`, 'fo@vot.bench', { role: 'Field Officer', township_ids: foTownships });

await app.close();
await handle.close();
