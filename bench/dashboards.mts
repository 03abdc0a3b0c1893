// API latency of the five dashboard calls on national data (500 000 patients, about 10 million
// visit records), against the raw SQL of the same answers measured in the same run on the same
// database (these machines are noisy: read the ratios). Target: p95 ≤ 1 s for every call.
//
//   api/node_modules/.bin/tsx bench/dashboards.mts [patients=500000] [requests=20]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them, and fills them — and keeps them: a
//   second run with the same size reuses the data, BENCH_REGENERATE=1 to make it again).
//   After the national cases' lines, the scans of the visit records these figures made before the
//   visit roll-up are timed as a baseline (BENCH_BASELINE=0 to skip them: a minute each at 10 M).
import { performance } from 'node:perf_hooks';
import { refreshAllLedgers } from '@vot/api/ledger';
import { addAccounts, generatePlaces, measure, openDatabase, startApi, stats, summary, sql } from './harness.mts';

const patientCount = Number(process.argv[2] ?? 500_000);
const requests = Number(process.argv[3] ?? 20);
const TOWNSHIPS = 330;
const VOLUNTEERS = 20_000;
/** Visit records per VOT patient: about 10 million at 500 000 patients (3 in 10 on VOT). */
const VISITS_EACH = 67;

const db = await openDatabase();
const { query, step } = db;

const t0 = performance.now();
// Reuse the data of an earlier run of the same size (500 000 patients take minutes to make).
const [have] = await query(
  sql`select (select count(*) from patients) as patients, (select count(*) from volunteers) as volunteers, (select count(*) from townships) as townships`,
);
const reuse =
  process.env.BENCH_REGENERATE !== '1' &&
  Number(have!.patients) === patientCount &&
  Number(have!.volunteers) === VOLUNTEERS &&
  Number(have!.townships) === TOWNSHIPS;
let townshipIds: number[];
if (reuse) {
  townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
  // Not a truncate: it would cascade to every table naming a user (the visits' verdicts).
  await db.exec(sql`delete from users`);
  console.log(`reusing ${have!.patients} patients and their records`);
} else {
  console.log('filling …');
  // Emptying the places and people empties what hangs off them: visits, VOT history, trainings, activities.
  townshipIds = await generatePlaces(db, TOWNSHIPS);
  // Volunteers over the townships (1 in 20 in the trash), registered over 2023–2025, ages 16–60.
  await step(
    'volunteers',
    sql`
    insert into volunteers (name, gender, age, address, phone1, code, password_hash, both_mdr_and_picts, education_status, occupation,
      township_id, recover_township_id, status, created_at)
    select 'Volunteer ' || g, case when g % 2 = 0 then 'Male' else 'Female' end, 16 + g % 45, 'Ward', '09' || g, 'BV' || g, 'x', g % 2,
      (array['Primary','Secondary','Higher'])[1 + g % 3], 'CHW',
      case when g % 20 = 7 then null else 1 + g % ${TOWNSHIPS} end, case when g % 20 = 7 then 1 + g % ${TOWNSHIPS} end,
      case when g % 20 = 7 then 0 else 1 end, timestamptz '2023-01-01' + (g % 1095) * interval '1 day'
    from generate_series(1, ${VOLUNTEERS}) g`,
  );
  await step(
    'trainings',
    sql`insert into trainings (volunteer_id, date, type) select 1 + g % ${VOLUNTEERS}, date '2023-01-01' + g % 1095, 'New' from generate_series(1, ${VOLUNTEERS * 2}) g`,
  );
  await step(
    'communities',
    sql`insert into communities (volunteer_id, date, referral) select 1 + g % ${VOLUNTEERS}, date '2023-01-01' + g % 1095, g % 2 from generate_series(1, ${VOLUNTEERS * 3}) g`,
  );
  await step(
    'referrals',
    sql`insert into community_referrals (community_id, place, male, female, total) select id, 'Township Hospital', 1, 2, 3 from communities where referral = 1`,
  );
  // Patients: 1 in 10 without an SP code, 1 in 50 in the trash, registered over 2023–2025; the TB
  // conclusion's fields cycle through their values; 3 in 10 on VOT (2 in 3 of them with a volunteer),
  // 1 in 10 not eligible or declined.
  await step(
    'patients',
    sql`
    insert into patients (id, year, township_id, recover_township_id, status, "SP_code", code, password_hash, name, age, sex, treatment_regimen,
      patient_address, patient_phone_no, contact_info, contact_phone_no, primary_language, height, weight, "BMI",
      "defined_TB_type", "type_of_TB_patient", treatment_outcome, "VOT_eligible", "VOT_accept", "DOT_start_date", pure_or_hybrid, volunteer_id, created_at)
    select g, 2023 + g % 3, case when trashed then null else tw end, case when trashed then tw end, case when trashed then 0 else 1 end,
      case when g % 10 = 9 then null else 'SP-' || g end, 'BP' || g, 'x', 'Patient ' || g, 18 + g % 60, case when g % 2 = 0 then 'Male' else 'Female' end,
      (array['1. LTR','2. OSSTR','3. OLTR','4. BPal','5. BPalM','6. individualized MDR','7. individualized Pre-XDR','8. XDR','9. Other'])[1 + g % 9],
      'Ward', '09' || g, 'Family', '09' || g, 'Burmese', 160, 55, 21.5,
      (array['Pulmonary BC','Extra Pulmonary BC','Pulmonary CD','Extra Pulmonary CD'])[1 + g % 4],
      (array['New','Releapse','failure','loss to follow up','other','unknown'])[1 + g % 6],
      case when g % 3 = 0 then (array['Cured','Treatment Complete','Treatment Failure','Died','Lost to Follow up','Not Evaluated','Move To second line Treatment','Unable to continue VOT'])[1 + g % 8] end,
      case when v < 3 then 'Yes' when v = 3 then 'No' end, case when v < 3 then 'Yes' end,
      case when v < 3 then date '2023-01-01' + g % 1000 end, case when v < 3 then 'Pure' end,
      case when v < 2 then 1 + g % ${VOLUNTEERS} end, timestamptz '2023-01-01' + (g % 1095) * interval '1 day' + (g % 24) * interval '1 hour'
    from (select g, 1 + g % ${TOWNSHIPS} as tw, (g / ${TOWNSHIPS}) % 50 = 17 as trashed, (g / 7) % 10 as v from generate_series(1, ${patientCount}) g) s`,
  );
  await db.exec(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
  await step(
    'change_volunteers',
    sql`
    insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer, volunteer_id, type)
    select id, "DOT_start_date", 'Pure', case when volunteer_id is null then 'No' else 'Yes' end, volunteer_id, case when volunteer_id is not null then 'App' end
    from patients where "DOT_start_date" is not null`,
  );
  // In date order, as the app uploads them day by day (a period's days are then neighbours on disk, as in the field).
  await step(
    `dots (${VISITS_EACH} a VOT patient)`,
    sql`
    insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, late_remark, created)
    select cv.id || '-' || d, cv.patient_id, cv.id, cv.change_date + d, case when cv.volunteer_id is null then 6 else 2 end,
      (cv.id + d) % 10 <> 0, case when (cv.id + d) % 17 = 0 then 'late' end, 'app'
    from change_volunteers cv, generate_series(0, ${VISITS_EACH - 1}) d
    order by cv.change_date + d`,
  );
  await step('vacuum analyze', sql`vacuum analyze`);
}
// The programme dates the dashboards count by: a treatment start for 9 in 10 patients (within 20
// days before their entry), and the dose ledger's roll-up that "Take medicines" reads. Both kept by a
// second run (data generated before they were counted gets them here, once).
await step(
  'treatment start dates',
  sql`update patients set treatment_start_date = (created_at at time zone 'Asia/Yangon')::date - (id % 20)
    where treatment_start_date is null and id % 10 <> 9`,
);
if (Number((await query(sql`select count(*) from patient_ledgers`))[0]!.count) === 0) {
  const t = performance.now();
  await refreshAllLedgers(db.handle.db);
  await db.exec(sql`vacuum analyze patients, patient_ledgers, patient_ledger_months`);
  console.log(`  dose ledger roll-up: ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const visits = Number((await query(sql`select count(*) from dots`))[0]!.count);
// The visit records' roll-up (migration 0013_visit_month_counts), filled by the triggers during the insert above.
const rolledUp = Number((await query(sql`select count(*) from visit_month_counts`))[0]!.count);
const foTownships = townshipIds.slice(0, 2);
await addAccounts(db, [
  { email: 'meal@vot.bench', role: 'MEAL Associate' },
  { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships },
]);
console.log(
  `${reuse ? 'ready' : 'filled'} in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${patientCount} patients, ${VOLUNTEERS} volunteers, ${visits} visit records in ${rolledUp} visit_month_counts rows (${db.kind}); ${requests} requests a line`,
);

const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');

// The raw SQL of each dashboard (api/src/routes/reports/dashboards), written by hand: `w` is the
// township and period condition, as the repository builds it.
interface Case {
  label: string;
  query: string;
  headers: Record<string, string>;
  townships: number[] | null;
  start?: string;
  end?: string;
}
const inT = (col: string, c: Case) => sql.raw(c.townships ? `${col} in (${c.townships.join(',')})` : 'true');
const day = (col: string, c: Case) =>
  sql.raw(`${c.start ? `${col} >= '${c.start}'` : 'true'} and ${c.end ? `${col} <= '${c.end}'` : 'true'}`);
// The period as the API splits it (api/src/routes/reports/dashboards/visit-counts.ts): its whole
// months from the roll-up (visit_month_counts.month is a month's first day), its other days from
// the records.
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const nextMonth = (d: string) =>
  new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 1)).toISOString().slice(0, 10);
/** The first whole month and the first day after the last one (undefined: open). */
const wholeMonthsOf = (c: Case) => ({
  from: c.start === undefined ? undefined : c.start.endsWith('-01') ? c.start : nextMonth(c.start),
  to: c.end === undefined ? undefined : nextDay(c.end).endsWith('-01') ? nextDay(c.end) : `${c.end.slice(0, 7)}-01`,
});
/** A condition on the roll-up's month column, or null when the period has no whole month. */
const wholeMonths = (col: string, c: Case) => {
  const { from, to } = wholeMonthsOf(c);
  if (from && to && from >= to) return null;
  return `${from ? `${col} >= '${from}'` : 'true'} and ${to ? `${col} < '${to}'` : 'true'}`;
};
/** A condition on dots.date (as `d`) for the days outside the whole months, or null when there are none. */
const otherDays = (c: Case) => {
  const { from, to } = wholeMonthsOf(c);
  if (from && to && from >= to) return `d.date between '${c.start}' and '${c.end}'`;
  const parts = [
    c.start && from && c.start < from ? `(d.date >= '${c.start}' and d.date < '${from}')` : null,
    c.end && to && to <= c.end ? `(d.date >= '${to}' and d.date <= '${c.end}')` : null,
  ];
  return parts.filter(Boolean).join(' or ') || null;
};
/** The case's visit records as counts by volunteer, patient and month: the roll-up's rows and the other days' records counted the same way. */
const visitRows = (c: Case) => {
  const months = wholeMonths('month', c);
  const days = otherDays(c);
  const parts = [
    months &&
      `select volunteer_id, patient_id, month, visits, work_true, work_false, late from visit_month_counts where ${months}`,
    days &&
      `select cv.volunteer_id, d.patient_id, date_trunc('month', d.date::timestamp)::date, count(*)::int, (count(*) filter (where d.work_status is true))::int,
        (count(*) filter (where d.work_status is false))::int, (count(*) filter (where coalesce(d.late_remark, '') <> ''))::int
        from dots d left join change_volunteers cv on cv.id = d.change_volunteer_id where ${OWN} and (${days}) group by 1, 2, 3`,
  ];
  return sql.raw(`(${parts.filter(Boolean).join(' union all ')})`);
};
/** Who has a visit record: a roll-up row of a whole month (per volunteer), or one of the other days' records (found once, joined). */
const reporters = (c: Case) => {
  const months = wholeMonths('r.month', c);
  const days = otherDays(c);
  return {
    test: sql.raw(
      [
        months && `exists (select 1 from visit_month_counts r where r.volunteer_id = v.id and ${months})`,
        days && 'b.volunteer_id is not null',
      ]
        .filter(Boolean)
        .join(' or ') || 'false',
    ),
    join: sql.raw(
      days
        ? `left join (select distinct cv.volunteer_id from dots d join change_volunteers cv on cv.id = d.change_volunteer_id where ${OWN} and (${days})) b on b.volunteer_id = v.id`
        : '',
    ),
  };
};
/** A volunteer's own record (VOLUNTEER_RECORD in visit-counts.ts). */
const OWN = `d.created = 'app' and d.work in (1, 2)`;
/** A programme date expression within the case's period. */
const dateIn = (expr: string, c: Case) =>
  sql.raw(
    `${expr} is not null and ${c.start ? `${expr} >= '${c.start}'` : 'true'} and ${c.end ? `${expr} <= '${c.end}'` : 'true'}`,
  );
const JOINED = `coalesce((select min(t.date) from trainings t where t.volunteer_id = v.id), (v.created_at at time zone 'Asia/Yangon')::date)`;
const REGISTERED = `coalesce(p.treatment_start_date, (p.created_at at time zone 'Asia/Yangon')::date)`;
/** Township names grouped by name (its lowest id), as the API groups them. */
const names = sql.raw('(select id, min(id) over (partition by name) as key from townships)');

const raw = {
  volunteer: (c: Case) => [
    sql`select count(*), count(*) filter (where age < 18), count(*) filter (where age between 18 and 30), count(*) filter (where age > 30),
      count(*) filter (where education_status = 'Primary'), count(*) filter (where education_status = 'Secondary'), count(*) filter (where education_status = 'Higher')
      from volunteers v where v.status = 1 and ${inT('v.township_id', c)} and ${dateIn(JOINED, c)}`,
    sql`select t.name, count(*) from volunteers v join townships t on t.id = v.township_id where v.status = 1 and ${inT('v.township_id', c)} and ${dateIn(JOINED, c)} group by t.id, t.name order by t.name`,
    (() => {
      const r = reporters(c);
      return sql`select count(*) filter (where ${r.test} or exists (select 1 from communities m where m.volunteer_id = v.id and ${day('m.date', c)})),
        count(*) filter (where exists (select 1 from trainings r where r.volunteer_id = v.id and ${day('r.date', c)}))
        from volunteers v ${r.join} where v.status = 1 and ${inT('v.township_id', c)}`;
    })(),
  ],
  patient: (c: Case) => {
    const registered = dateIn(REGISTERED, c);
    const started = dateIn('p.treatment_start_date', c);
    // Each pie's groups, then its Not recorded: those who started treatment without one of the values.
    const by = (column: string, groups: string[][]) =>
      sql.raw(
        [
          ...groups.map(
            (values) => `count(*) filter (where started and ${column} in (${values.map((v) => `'${v}'`).join(', ')}))`,
          ),
          `count(*) filter (where started and (${column} is null or ${column} not in (${groups
            .flat()
            .map((v) => `'${v}'`)
            .join(', ')})))`,
        ].join(', '),
      );
    return [
      sql`select count(*) filter (where registered), count(*) filter (where registered and (lists & 1) <> 0), count(*) filter (where registered and (lists & 2) <> 0),
        count(*) filter (where started),
        ${by('"defined_TB_type"', [['Pulmonary BC'], ['Extra Pulmonary BC'], ['Pulmonary CD'], ['Extra Pulmonary CD']])},
        ${by('treatment_regimen', [['1. LTR', '2. OSSTR', '3. OLTR'], ['4. BPal', '5. BPalM'], ['6. individualized MDR', '7. individualized Pre-XDR', '8. XDR'], ['9. Other']])},
        ${by('treatment_outcome', [['Cured'], ['Treatment Complete'], ['Treatment Failure'], ['Died'], ['Lost to Follow up'], ['Not Evaluated'], ['Move To second line Treatment'], ['Unable to continue VOT']])},
        ${by('"type_of_TB_patient"', [['New'], ['Releapse'], ['failure'], ['loss to follow up'], ['other'], ['unknown']])}
        from (select p.*, ${registered} as registered, ${started} as started from patients p where p.status = 1 and ${inT('p.township_id', c)}) p
        where registered or started`,
      sql`select sum(r.total) from community_referrals r join communities m on m.id = r.community_id join volunteers v on v.id = m.volunteer_id
        where v.status = 1 and ${inT('v.township_id', c)} and ${day('m.date', c)}`,
    ];
  },
  dotStatus: (c: Case) => [
    sql`select count(*) filter (where on_vot and "DOT_end_date" is null and volunteer_id is not null),
      count(*) filter (where on_vot and "DOT_end_date" is null and volunteer_id is null),
      count(*) filter (where on_vot and "DOT_end_date" is not null and "VDOT_end_type" is distinct from 'Unable to continue VOT'),
      count(*) filter (where on_vot and "DOT_end_date" is not null and "VDOT_end_type" is not distinct from 'Unable to continue VOT'),
      count(*) filter (where not on_vot and (lists & 4) <> 0), count(*) filter (where not on_vot and (lists & 4) = 0)
      from (select p.*, coalesce(p."VOT_accept" = 'Yes', false) and p."DOT_start_date" is not null as on_vot from patients p
        where p.status = 1 and ${inT('p.township_id', c)} and ${dateIn('coalesce(p.treatment_start_date, p."DOT_start_date")', c)}) p`,
  ],
  activity: (c: Case) => [
    (() => {
      const first = c.start
        ? `case when '${c.start}'::date > m.month then extract(day from '${c.start}'::date)::int else 1 end`
        : '1';
      const last = c.end
        ? `case when '${c.end}'::date < (m.month + interval '1 month')::date then extract(day from '${c.end}'::date)::int else 31 end`
        : '31';
      return sql`select to_char(m.month, 'YYYY-MM'), sum(bit_count((m.observed_mask::int8 & (((1::int8 << ${sql.raw(last)}) - 1) # ((1::int8 << (${sql.raw(first)} - 1)) - 1)))::bit(64)))::int
        from patient_ledger_months m join patients p on p.id = m.patient_id
        where p.status = 1 and ${inT('p.township_id', c)} and ${sql.raw(c.start ? `m.month >= date_trunc('month', '${c.start}'::date)::date` : 'true')}
          and ${sql.raw(c.end ? `m.month <= '${c.end}'` : 'true')}
        group by m.month order by m.month`;
    })(),
    sql`select to_char(m.date, 'YYYY-MM') mo, count(*) from communities m join volunteers v on v.id = m.volunteer_id where v.status = 1 and ${inT('v.township_id', c)} and ${day('m.date', c)} group by mo order by mo`,
  ],
  volunteerReport: (c: Case) => [
    sql`select t.name, to_char(g.month, 'YYYY-MM'), g.patients, g.done, g.missed, g.late from (select k.key, r.month, count(distinct r.patient_id) as patients,
        sum(r.work_true) as done, sum(r.work_false) as missed, sum(r.late) as late
        from ${visitRows(c)} r join volunteers v on v.id = r.volunteer_id join ${names} k on k.id = v.township_id
        where v.status = 1 and ${inT('v.township_id', c)} group by grouping sets ((), (k.key), (r.month))) g left join townships t on t.id = g.key`,
    sql`select t.name, to_char(g.month, 'YYYY-MM'), g.activities, g.referred from (select k.key, date_trunc('month', m.date::timestamp)::date as month,
        count(distinct m.id) as activities, coalesce(sum(r.total), 0) as referred from communities m left join community_referrals r on r.community_id = m.id
        join volunteers v on v.id = m.volunteer_id join ${names} k on k.id = v.township_id where v.status = 1 and ${inT('v.township_id', c)} and ${day('m.date', c)}
        group by grouping sets ((), (k.key), (date_trunc('month', m.date::timestamp)::date))) g left join townships t on t.id = g.key`,
    sql`select t.name, to_char(g.month, 'YYYY-MM'), g.trainings from (select k.key, date_trunc('month', r.date::timestamp)::date as month, count(*) as trainings
        from trainings r join volunteers v on v.id = r.volunteer_id join ${names} k on k.id = v.township_id
        where v.status = 1 and ${inT('v.township_id', c)} and ${day('r.date', c)} group by grouping sets ((), (k.key), (date_trunc('month', r.date::timestamp)::date))) g
        left join townships t on t.id = g.key`,
  ],
};
/**
 * The baseline: the scans of the visit records these figures took before the roll-up (the volunteer
 * report's visit query, the activity dashboard's visits, the volunteer dashboard's reported
 * volunteers), timed alone after the lines of the national cases.
 */
const scans = (c: Case) => [
  sql`select t.name, to_char(d.date, 'YYYY-MM') m, count(distinct d.patient_id), count(*) filter (where d.work_status is true),
    count(*) filter (where d.work_status is false), count(*) filter (where coalesce(d.late_remark, '') <> '')
    from dots d join change_volunteers cv on cv.id = d.change_volunteer_id join volunteers v on v.id = cv.volunteer_id join townships t on t.id = v.township_id
    where v.status = 1 and ${inT('v.township_id', c)} and ${day('d.date', c)} group by grouping sets ((), (t.name), (m))`,
  sql`select to_char(d.date, 'YYYY-MM') m, count(*) from dots d join patients p on p.id = d.patient_id where p.status = 1 and ${inT('p.township_id', c)} and ${day('d.date', c)} group by m order by m`,
  sql`select count(*) filter (where exists (select 1 from dots d join change_volunteers cv on cv.id = d.change_volunteer_id where cv.volunteer_id = v.id and ${day('d.date', c)}))
    from volunteers v where v.status = 1 and ${inT('v.township_id', c)}`,
];
const SCANS = ['volunteer report visits', 'activity visits', 'reported volunteers (visits)'];
const CALLS: [keyof typeof raw, string][] = [
  ['volunteer', 'volunteer-dashboard'],
  ['patient', 'patient-dashboard'],
  ['dotStatus', 'dot-status-dashboard'],
  ['activity', 'activity-dashboard'],
  ['volunteerReport', 'volunteer-report-dashboard'],
];
const cases: Case[] = [
  { label: 'national, all dates', query: '', headers: meal, townships: null },
  {
    label: 'national, 2024',
    query: 'start_date=2024-01-01&end_date=2024-12-31',
    headers: meal,
    townships: null,
    start: '2024-01-01',
    end: '2024-12-31',
  },
  // Starting and ending within a month: the whole months from the roll-up, 37 days from the records.
  {
    label: 'national, 15 Jan-20 Nov 2024',
    query: 'start_date=2024-01-15&end_date=2024-11-20',
    headers: meal,
    townships: null,
    start: '2024-01-15',
    end: '2024-11-20',
  },
  {
    label: 'one township, all dates',
    query: `township_id=${townshipIds[5]}`,
    headers: meal,
    townships: [townshipIds[5]!],
  },
  { label: 'Field Officer (2 townships), all dates', query: '', headers: fo, townships: foTownships },
];
for (const c of cases) {
  for (const [name, call] of CALLS) {
    const url = `/api/v1/${call}?${c.query}`;
    const statements = raw[name](c);
    // The API runs a dashboard's statements at once on the pool; so does the raw SQL.
    await measure(
      `${call}, ${c.label}`,
      requests,
      () => api.get(url, c.headers),
      () => Promise.all(statements.map(query)),
    );
  }
  if (c.townships === null && process.env.BENCH_BASELINE !== '0') {
    for (const [i, statement] of scans(c).entries()) {
      const ms: number[] = [];
      for (let r = 0; r < requests; r++) {
        const t = performance.now();
        await query(statement);
        ms.push(performance.now() - t);
      }
      const s = stats(ms);
      console.log(
        `  baseline, the old record scan: ${SCANS[i]}, ${c.label}`.padEnd(72),
        `p50 ${s.p50.toFixed(1).padStart(7)} p95 ${s.p95.toFixed(1).padStart(7)} ms`,
      );
    }
  }
}
summary(1000, null);

await api.close();
