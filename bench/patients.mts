// API latency of every patient list (each category, the searches, the township filter, a Field
// Officer's scope), the count call and an export, on large generated data, against the raw SQL of
// the same answer measured in the same run on the same database (these machines are noisy: read
// the ratios). Prints the plans of the searches, to show they use their indexes.
//
//   api/node_modules/.bin/tsx bench/patients.mts [patients=500000] [requests=60]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, volunteers, patients — and fills them)
import { performance } from 'node:perf_hooks';
import { SEARCH_TOTAL_LIMIT } from '../api/src/routes/patients/repository';
import { PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { addAccounts, generatePlaces, measure as measureLine, openDatabase, report, startApi, summary, sql, type SQL } from './harness.mts';

const patientCount = Number(process.argv[2] ?? 500_000);
const requests = Number(process.argv[3] ?? 60);
const TOWNSHIPS = 330;
const SIZE = PATIENT_PAGE_SIZE;
// Parts of generated names: three of them make 27 000 names, a few dozen patients each at 500 000,
// spread over the ids (a name says nothing about when the patient registered, unlike a code).
const PARTS = ['Aung', 'Kyaw', 'Hla', 'Myint', 'Thein', 'Zaw', 'Win', 'Naing', 'Soe', 'Htun', 'Khin', 'Mya', 'Aye', 'San', 'Tin', 'Nu', 'Su', 'Ei', 'Phyu', 'Thida', 'Moe', 'Min', 'Oo', 'Lwin', 'Htet', 'Yin', 'Wai', 'Thu', 'Maung', 'Hnin'];

const db = await openDatabase();
const { handle, query } = db;

const t0 = performance.now();
const townshipIds = await generatePlaces(db, TOWNSHIPS);
// Plain SQL, no password hashing: plain_password_enc stays null. The mix, per patient g: 1 in 10
// without an SP code (with a presumptive number), VOT eligibility answered for 6 in 10 (Yes 4, No 2),
// of the eligible 3 in 4 accepted and 1 in 8 declined, 1 in 50 in the trash. Townships interleave in
// id order as in life. Indexes are filled as the API would fill them.
const parts = sql.raw(`(array[${PARTS.map((p) => `'${p}'`).join(',')}])`);
await handle.db.execute(sql`
  insert into patients (id, year, township_id, recover_township_id, status, deleted_at, "SP_code", "RR_code", "DRTB_code", unique_id,
    "presumptive_TB_number", code, password_hash, name, age, sex, treatment_regimen, patient_address, patient_phone_no, contact_info,
    contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_not_eligible_reason", "VOT_accept", "VOT_not_accept_reason")
  select g, 2020 + g % 7, case when trashed then null else tw end, case when trashed then tw end, case when trashed then 0 else 1 end,
    case when trashed then now() - (g % 1000) * interval '1 minute' end,
    case when nosps then null else 'SP-' || g end, case when g % 3 = 0 then 'L-' || g end, case when g % 3 <> 0 then 'D-' || g end,
    case when g % 3 <> 0 then 'T' || tw || '-D-' || g end, case when nosps then g / ${TOWNSHIPS} end,
    'T' || tw || '-P' || g, 'bench, not a hash',
    ${parts}[1 + nm % 30] || ' ' || ${parts}[1 + (nm / 30) % 30] || ' ' || ${parts}[1 + (nm / 900) % 30],
    18 + g % 60, case when g % 2 = 0 then 'Male' else 'Female' end, '1. LTR', 'Ward ' || g % 20, '09' || lpad(g::text, 9, '0'), 'Family',
    '09' || lpad((g * 7 % 1000000000)::text, 9, '0'), 'Burmese', 160, 55, 21.5,
    case when e < 4 then 'Yes' when e < 6 then 'No' end, case when e between 4 and 5 then 'Adherence issues' end,
    case when e < 4 and a < 6 then 'Yes' when e < 4 and a = 6 then 'No' end, case when e < 4 and a = 6 then 'Privacy concern' end
  from (select g, 1 + g % ${TOWNSHIPS} as tw, g % 10 = 9 as nosps, (g / 7) % 10 as e, (g / 11) % 8 as a, (g / ${TOWNSHIPS}) % 50 = 17 as trashed,
          -- A name as a pseudo-random one of the 27 000: names do not follow registration order.
          ((g::bigint * 2654435761) % 27000)::int as nm
        from generate_series(1, ${patientCount}) g) s`);
await handle.db.execute(sql`select setval(pg_get_serial_sequence('patients', 'id'), ${patientCount})`);
await handle.db.execute(sql`vacuum analyze patients`);
const foTownships = townshipIds.slice(0, 2);
const oneTownship = townshipIds[2]!;

await addAccounts(db, [
  { email: 'meal@vot.bench', role: 'MEAL Associate' },
  { email: 'po@vot.bench', role: 'Project Officer' },
  { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships },
]);
const setupMs = performance.now() - t0;

const api = await startApi(db);
const { app } = api;
const meal = await api.bearer('meal@vot.bench');
const po = await api.bearer('po@vot.bench');
const fo = await api.bearer('fo@vot.bench');

// The raw SQL of listPatients (api/src/routes/patients/repository.ts): the same columns and joins,
// the same conditions, newest first (the trash by deletion); and its count.
const select = sql`
  select p.id, p.year, p."SP_code", p.name, p.code, p.plain_password_enc, t.id as t_id, t.name as t_name, t.abbreviation as t_abbreviation,
    rt.id as rt_id, rt.name as rt_name, rt.abbreviation as rt_abbreviation, p."RR_code", p."DRTB_code", p.unique_id, p.dot_patient_id_gf,
    p."presumptive_TB_number", p.age, p.sex, p."TB_status", p."VOT_eligible", p."VOT_accept", p."DOT_start_date", p."DOT_end_date",
    p.pure_or_hybrid, p.status
  from patients p
  left join townships t on t.id = p.township_id
  left join townships rt on rt.id = p.recover_township_id`;
// Each list's condition as the repository writes it (LISTS: the status and a bit of the computed
// patients.lists), and the same over patient_list_counts for its total.
const BITS: Record<string, number | null> = {
  all: null, TB_patient: 1, NO_SP_CODE: 2, no_DOT: 4, screened: 8, VOT_eligible: 16, VOT_accept: 32, VOT_declined: 64, clinic: null, trash: null,
};
const statusOf = (k: string) => (k === 'trash' ? 0 : 1);
const CATEGORY: Record<string, string> = Object.fromEntries(
  Object.entries(BITS).map(([k, bit]) => [k, `p.status = ${statusOf(k)}${bit ? ` and (p.lists & ${bit}) <> 0` : ''}`]),
);
const COUNTED: Record<string, string> = Object.fromEntries(
  Object.entries(BITS).map(([k, bit]) => [k, `c.status = ${statusOf(k)}${bit ? ` and (c.lists & ${bit}) <> 0` : ''}`]),
);

interface ListCase {
  label: string;
  headers: Record<string, string>;
  /** The query string besides the page. */
  filter: string;
  /** The raw SQL's condition for the same answer. */
  where: SQL;
  /** Code searches order by `p.id + 0` (repository.ts). */
  byCode?: boolean;
  /** Its total over patient_list_counts (lists without a search), else a count of the patients. */
  counted?: SQL;
  trash?: boolean;
}
const rawPage = (c: ListCase, offset: number) =>
  sql`${select} where ${c.where} order by ${c.trash ? sql`p.deleted_at desc, p.id desc` : c.byCode ? sql`p.id + 0 desc` : sql`p.id desc`} limit ${SIZE} offset ${offset}`;
// A search counts at most SEARCH_TOTAL_LIMIT matches (repository.ts).
const rawCount = (c: ListCase) =>
  c.counted
    ? sql`select coalesce(sum(n), 0) as count from patient_list_counts c where ${c.counted}`
    : sql`select count(*) from (select p.id from patients p where ${c.where} limit ${SEARCH_TOTAL_LIMIT}) matches`;

/** Before timing: the API answers the same page ids and total as the raw SQL, so both measure the same answer. */
async function sameAnswer(c: ListCase, page: number) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/patients?page=${page}${c.filter}`, headers: c.headers });
  const body = res.json() as { data: { id: number }[]; total: number };
  const ids = (await query(rawPage(c, (page - 1) * SIZE))).map((r) => Number(r.id));
  const total = Number((await query(rawCount(c)))[0]!.count);
  if (res.statusCode !== 200 || body.total !== total || body.data.map((v) => v.id).join() !== ids.join() || ids.length === 0) {
    throw new Error(`${c.label} page ${page}: API ${res.statusCode} ${body.total} [${body.data?.map((v) => v.id)}] ≠ raw ${total} [${ids}]`);
  }
  return total;
}

async function measureList(c: ListCase, which: string, pick: (i: number, pages: number) => number) {
  const total = await sameAnswer(c, 1);
  const pages = Math.ceil(total / SIZE);
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < requests; i++) {
    const page = pick(i, pages);
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/v1/patients?page=${page}${c.filter}`, headers: c.headers });
    api.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${c.label} page ${page}: ${res.statusCode}`);
    // The API asks the page and the count at once (pageOf); so does the raw SQL.
    t = performance.now();
    await Promise.all([query(rawPage(c, (page - 1) * SIZE)), query(rawCount(c))]);
    raw.push(performance.now() - t);
  }
  report(`${c.label} (${total}), ${which}`, api, raw);
}

const measure = (label: string, url: string, headers: Record<string, string>, raw: () => Promise<unknown>, times = requests) =>
  measureLine(label, times, () => api.get(url, headers), raw);

const w = (text: string) => sql.raw(text);
const inT = (ids: number[], column = 'p.township_id') => w(`${column} in (${ids.join(',')})`);
const like = (column: string, pattern: string) => sql`lower(${w(column)}) like ${pattern}`;
const name = `${PARTS[3]} ${PARTS[7]} ${PARTS[12]}`.toLowerCase();
const listCase = (label: string, headers: Record<string, string>, k: string, filter: string, townships?: number[]): ListCase => ({
  label,
  headers,
  filter,
  where: townships ? sql`${w(CATEGORY[k]!)} and ${inT(townships, k === 'trash' ? 'p.recover_township_id' : 'p.township_id')}` : w(CATEGORY[k]!),
  counted: townships ? sql`${w(COUNTED[k]!)} and ${inT(townships, 'c.township_id')}` : w(COUNTED[k]!),
  trash: k === 'trash',
});
const search = (label: string, k: string, filter: string, condition: SQL): ListCase => ({
  label,
  headers: meal,
  filter,
  where: sql`${w(CATEGORY[k]!)} and ${condition}`,
  byCode: /SP_code=|unique_id=/.test(filter),
});
const flagOf = (k: string) => `&${k}=${k === 'VOT_eligible' || k === 'VOT_accept' ? 'Yes' : 'true'}`;
const two = `&township_id[]=${foTownships[0]}&township_id[]=${foTownships[1]}`;
const cases: ListCase[] = [
  ...['TB_patient', 'NO_SP_CODE', 'no_DOT', 'screened', 'VOT_eligible', 'VOT_accept', 'VOT_declined'].map((k) => listCase(`MEAL ?${k}`, meal, k, flagOf(k))),
  listCase('MEAL, no flag (every active patient)', meal, 'all', ''),
  listCase('Project Officer ?clinic', po, 'clinic', '&clinic=true'),
  listCase('MEAL ?status=0 (trash)', meal, 'trash', '&status=0'),
  listCase('MEAL ?TB_patient&township_id=one', meal, 'TB_patient', `&TB_patient=true&township_id=${oneTownship}`, [oneTownship]),
  listCase('MEAL ?screened&township_id[]=two', meal, 'screened', `&screened=true${two}`, foTownships),
  listCase('MEAL ?status=0&township_id[]=two', meal, 'trash', `&status=0${two}`, foTownships),
  listCase('Field Officer (2 townships) ?TB_patient', fo, 'TB_patient', '&TB_patient=true', foTownships),
  listCase('Field Officer (2 townships) ?VOT_eligible=Yes', fo, 'VOT_eligible', '&VOT_eligible=Yes', foTownships),
  search(`MEAL ?TB_patient&name=${name}`, 'TB_patient', `&TB_patient=true&name=${encodeURIComponent(name)}`, like('p.name', `%${name}%`)),
  search('MEAL ?name=thida (one part)', 'all', '&name=thida', like('p.name', '%thida%')),
  search('MEAL ?screened&name=naing soe', 'screened', '&screened=true&name=naing%20soe', like('p.name', '%naing soe%')),
  search('MEAL ?SP_code=SP-12345', 'all', '&SP_code=SP-12345', like('p."SP_code"', 'sp-12345%')),
  search(`MEAL ?unique_id=T${oneTownship}-D-1`, 'all', `&unique_id=T${oneTownship}-D-1`, like('p.unique_id', `t${oneTownship}-d-1%`)),
];

console.log(
  `${handle.kind}, ${patientCount} patients over ${TOWNSHIPS} townships, set up in ${(setupMs / 1000).toFixed(1)} s;` +
    ` ${requests} requests per line (sequential, fastify.inject incl. the bearer check); raw = the page and its count, at once`,
);
const first = (i: number) => 1 + (i % 10);
const random = (_: number, pages: number) => 1 + Math.floor(Math.random() * Math.min(pages, 100));
for (const c of cases) await measureList(c, 'pages 1-10', first);
for (const c of cases.slice(0, 2)) await measureList(c, 'random page of the first 100', random);

// The count call: the repository's sum of patient_list_counts by status and lists.
const countRaw = (where: SQL) => () => query(sql`select status, lists, sum(n) from patient_list_counts c where ${where} group by status, lists`);
await measure('dstb-patient-count, MEAL', '/api/v1/dstb-patient-count', meal, countRaw(sql`true`));
await measure('dstb-patient-count, Field Officer', '/api/v1/dstb-patient-count', fo, countRaw(inT(foTownships, 'c.township_id')));
const exportRows = Number((await query(sql`select count(*) from patients p where ${w(CATEGORY.TB_patient!)} and ${inT([oneTownship])}`))[0]!.count);
await measure(`patients-export ?TB_patient&township_id=one (${exportRows} rows)`, `/api/v1/patients-export?TB_patient=true&township_id=${oneTownship}`, meal, () =>
  query(sql`select p.id, p."SP_code", p.name, p.code, p.plain_password_enc, t.abbreviation, p."RR_code", p."DRTB_code", p.unique_id, p.age, p.sex, p.year,
    t.name, p.dot_patient_id_gf, p."presumptive_TB_number", p."DOB", p.treatment_start_date, p.treatment_regimen, p.patient_phone_no, p."TB_status",
    p.treatment_status, p."VOT_eligible", p."VOT_accept", p."DOT_start_date", p."DOT_end_date", p.pure_or_hybrid, p.report_period
    from patients p left join townships t on t.id = p.township_id where ${w(CATEGORY.TB_patient!)} and ${inT([oneTownship])} order by p.id desc`),
  Math.min(requests, 20));

// The plans of the searches: the name by its trigram index, the codes by their prefix indexes.
for (const c of cases.filter((c) => /name|SP_code=|unique_id=/.test(c.filter))) {
  console.log(`\nEXPLAIN ${c.label}`);
  for (const q of [rawPage(c, 0), rawCount(c)]) {
    const plan = (await query(sql`explain ${q}`)).map((r) => String(Object.values(r)[0]));
    console.log(plan.map((l) => `  ${l}`).join('\n'));
  }
}

summary(30);
await api.close();
