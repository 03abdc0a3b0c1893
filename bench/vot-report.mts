// The VOT report (GET VOT-report) for a whole fiscal year on national data: 500 000 patients over
// 330 townships with cohorts FY24Q1–FY26Q4, 23 000 of them on VOT with about 10 million visit
// records, as a MEAL role (every township) and a Field Officer (2 townships), against the raw SQL
// of the same answer (the report's two statements run straight on the database, no HTTP, no sign-in
// check, no mapping) in the same run. Checks first that both give the same figures.
//
//   api/node_modules/.bin/tsx bench/vot-report.mts [patients=500000] [votPatients=23000] [requests=20]
//   DATABASE_URL=postgres://… for PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them, and fills them)
import { performance } from 'node:perf_hooks';
import { cohortAsOfSql, cohortWhere, liveCohortSql, rolledUpCohortSql } from '@vot/api/reports/vot-report/cohort';
import { missedDoses } from '@vot/api/reports/vot-report/missed-doses';
import { groupsSql } from '@vot/api/reports/vot-report/query';
import { refreshAllLedgers } from '@vot/api/ledger';
import { reportQuartersBetween, todayIn } from '@vot/shared/domain';
import { addAccounts, generatePlaces, measure, openDatabase, startApi, sql } from './harness.mts';

const patientCount = Number(process.argv[2] ?? 500_000);
const votCount = Number(process.argv[3] ?? 23_000);
const requests = Number(process.argv[4] ?? 20);
const TOWNSHIPS = 330;
/** Days of VOT per patient (a long DR-TB regimen); visits on 7 days of 8, 1 in 20 of them not observed. */
const VOT_DAYS = 500;

const db = await openDatabase();
const today = todayIn();
const { handle, query, step } = db;

const t0 = performance.now();
console.log('generating…');
// A second run on the same database keeps the generated patients (minutes on these machines) and
// makes the VOT patients, their visits and the accounts again.
const existing = Number((await query(sql`select count(*) as n from patients`))[0]!.n);
const reuse = existing === patientCount;
let townshipIds: number[];
// When the VOT patients and their visits are there too (the 10 M records take the longest), they stay.
const count = async (of: ReturnType<typeof sql>) => Number((await query(of))[0]!.n);
const keep =
  reuse &&
  (await count(sql`select count(*) as n from patients where "DOT_start_date" is not null`)) === votCount &&
  (await count(sql`select count(*) as n from (select 1 from dots limit 1) d`)) > 0;
if (keep) {
  townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
  await step(
    'clear accounts (keeping the VOT patients and visit records)',
    // Not a truncate: it would cascade to every table naming a user (the visits' verdicts).
    sql`delete from users`,
  );
} else if (reuse) {
  townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
  await step('clear VOT data and accounts', sql`truncate users, change_volunteers, dots restart identity cascade`);
  await db.exec(
    sql`update patients set "DOT_start_date" = null, "DOT_end_date" = null, "VDOT_end_date" = null, "VDOT_end_type" = null, "VDOT_stop_reason" = null where "DOT_start_date" is not null`,
  );
} else {
  townshipIds = await generatePlaces(db, TOWNSHIPS);
  // Every patient: screened 6 in 10 (eligible 4), a cohort quarter spread over the twelve, sex and
  // age (a DOB for half), 1 in 50 in the trash. The first `votCount` eligible ones are on VOT below.
  const periods = sql.raw(
    `(array[${reportQuartersBetween('2024-01-01', '2026-12-31')
      .map((p) => `'${p}'`)
      .join(',')}])`,
  );
  await step(
    `${patientCount} patients`,
    sql`
    insert into patients (id, year, township_id, recover_township_id, status, code, password_hash, name, "DOB", age, sex, treatment_regimen,
      patient_address, patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI", report_period,
      "VOT_eligible", "VOT_not_eligible_reason", "VOT_accept", "VOT_not_accept_reason", "VOT_eligible_date", "VOT_accept_date")
    select g, 2024 + g % 3, case when trashed then null else tw end, case when trashed then tw end, case when trashed then 0 else 1 end,
      'T' || tw || '-P' || g, 'bench, not a hash', 'Patient ' || g,
      case when g % 2 = 0 then date '2026-01-01' - (g % 70) * 365 - g % 365 end, g % 70, case when g % 2 = 0 then 'Male' else 'Female' end,
      '1. LTR', 'Ward 1', '0942000000', 'Family', '0942000000', 'Burmese', 160, 55, 21.5, ${periods}[1 + (g / 13) % 12],
      case when e < 4 then 'Yes' when e < 6 then 'No' end, case when e between 4 and 5 then 'Adherence issues' end,
      case when e < 4 and a < 6 then 'Yes' when e < 4 and a = 6 then 'No' end,
      case when e < 4 and a = 6 then (array['Family does not agree', 'Privacy concern', 'Others (Specify)'])[1 + g % 3] end,
      case when e < 6 then least(q + g % 100, ${today}::date) end, case when e < 4 and a < 7 then least(q + g % 100 + 7, ${today}::date) end
    from (select g, 1 + g % ${TOWNSHIPS} as tw, (g / 7) % 10 as e, (g / 11) % 8 as a, (g / ${TOWNSHIPS}) % 50 = 17 as trashed
          from generate_series(1, ${patientCount}) g) s,
      -- Decided within about three months of the cohort quarter's first day (some after its end), never after today.
      lateral (select ${periods}[1 + (g / 13) % 12] as period) pp,
      lateral (select make_date(2000 + substr(pp.period, 3, 2)::int, (substr(pp.period, 6, 1)::int - 1) * 3 + 1, 1) as q) qq`,
  );
  await db.exec(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
}
if (!keep) {
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
  await step(
    'change_volunteers',
    sql`insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer, type) select id, "DOT_start_date", 'Pure', 'No', null from patients where "DOT_start_date" is not null`,
  );
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
  // The dose ledger's roll-up of the bulk load, as every write path keeps it (group 6 reads it).
  const rolledUp = performance.now();
  await refreshAllLedgers(handle.db);
  await db.exec(sql`vacuum analyze patient_ledgers, patient_ledger_months`);
  console.log(`  ledger roll-up ${((performance.now() - rolledUp) / 1000).toFixed(0)} s`);
}
const visits = Number((await query(sql`select count(*) as n from dots`))[0]!.n);
const foTownships = townshipIds.slice(0, 2);
await addAccounts(db, [
  { email: 'meal@vot.bench', role: 'MEAL Associate' },
  { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships },
]);
console.log(
  `setup ${((performance.now() - t0) / 1000).toFixed(0)} s: ${patientCount} patients, ${votCount} on VOT, ${visits} visit records (${db.kind})`,
);

const api = await startApi(db);

/** The whole fiscal year FY26 up to today (a report cannot end after today). */
const YEAR_START = '2026-01-01';
const YEAR_END = today < '2026-12-31' ? today : '2026-12-31';

async function measureReport(
  label: string,
  email: string,
  scope: { role: 'MEAL Associate' | 'Field Officer'; township_ids: number[] },
  [START, END]: [string, string] = [YEAR_START, YEAR_END],
) {
  const yearPeriods = reportQuartersBetween(START, END);
  const headers = await api.bearer(email);
  const url = `/api/v1/VOT-report?start_date=${START}&end_date=${END}`;
  const user = scope as never;
  // The raw SQL of the same answer: the two statements the route runs, at once, as it does.
  const raw = () =>
    Promise.all([
      query(groupsSql(cohortAsOfSql(rolledUpCohortSql(user, yearPeriods), user, yearPeriods, END), END)),
      missedDoses(handle.db, cohortWhere(user, yearPeriods), END),
    ]);
  // Groups 1–5, 7, 8 with the decisions in force on the end date against the current decisions alone (before their history).
  await measure(
    `${label}: groups 1–5, 7, 8 with the decisions in force (against current decisions only)`,
    requests,
    () => query(groupsSql(cohortAsOfSql(rolledUpCohortSql(user, yearPeriods), user, yearPeriods, END), END)),
    () => query(groupsSql(rolledUpCohortSql(user, yearPeriods), END)),
  );
  // Before the cohorts' roll-up: groups 1–5, 7, 8 straight from the patients (once, for the record).
  const before = performance.now();
  await query(groupsSql(liveCohortSql(user, yearPeriods), END));
  console.log(
    `  ${label}: groups 1–5, 7, 8 from the patients (no roll-up), once: ${(performance.now() - before).toFixed(0)} ms`,
  );
  const body = (await api.get(url, headers)) as {
    data: { screened: { total: number }; missed_doses: { head_count: number } }[];
  };
  const [groups, missed] = await raw();
  const screened = groups.reduce((s, r) => s + Number(r['screened.total']), 0);
  const headCount = [...missed.values()].reduce((s, m) => s + m.under10 + m.from10to50 + m.over50, 0);
  const apiScreened = body.data.reduce((s, r) => s + r.screened.total, 0);
  const apiHead = body.data.reduce((s, r) => s + r.missed_doses.head_count, 0);
  if (screened !== apiScreened || headCount !== apiHead)
    throw new Error(`${label}: API ${apiScreened}/${apiHead} ≠ raw ${screened}/${headCount}`);
  await measure(
    `${label}: ${body.data.length} rows, ${apiScreened} screened, ${apiHead} in group 6`,
    requests,
    () => api.get(url, headers),
    raw,
  );
}

await measureReport(`FY26 (${YEAR_START} … ${YEAR_END}), MEAL, national`, 'meal@vot.bench', {
  role: 'MEAL Associate',
  township_ids: [],
});
await measureReport(`FY26, Field Officer of 2 townships`, 'fo@vot.bench', {
  role: 'Field Officer',
  township_ids: foTownships,
});

// A past quarter's report: the decisions made after its end are read from their history.
await measureReport(
  'FY26Q3 as of 2026-09-30, MEAL, national',
  'meal@vot.bench',
  { role: 'MEAL Associate', township_ids: [] },
  ['2026-07-01', '2026-09-30'],
);

await api.close();
