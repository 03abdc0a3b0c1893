// API latency of every patient list (each category, the searches, the township filter, a Field
// Officer's scope), the count call and an export, on large generated data, against the raw SQL of
// the same answer measured in the same run on the same database (these machines are noisy: read
// the ratios). Prints the plans of the searches, to show they use their indexes.
//
//   api/node_modules/.bin/tsx bench/patients.mts [patients=500000] [requests=60]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, volunteers, patients — and fills them)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openPglite, openPostgres } from '../api/src/db/client';
import { hashPassword } from '../api/src/lib/passwords';
import { SEARCH_TOTAL_LIMIT } from '../api/src/routes/patients/repository';

// drizzle-orm is the API's dependency and @vot/shared its workspace package: load them by their exports, as the API does.
const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
const load = async <T,>(name: string) => (await import(pathToFileURL(apiRequire.resolve(name)).href)) as T;
const { sql } = await load<typeof import('drizzle-orm')>('drizzle-orm');
type SQL = import('drizzle-orm').SQL;
const { PATIENT_PAGE_SIZE } = await load<typeof import('@vot/shared/domain')>('@vot/shared/domain');

const patientCount = Number(process.argv[2] ?? 500_000);
const requests = Number(process.argv[3] ?? 60);
const TOWNSHIPS = 330;
const SIZE = PATIENT_PAGE_SIZE;
// Parts of generated names: three of them make 27 000 names, a few dozen patients each at 500 000,
// spread over the ids (a name says nothing about when the patient registered, unlike a code).
const PARTS = ['Aung', 'Kyaw', 'Hla', 'Myint', 'Thein', 'Zaw', 'Win', 'Naing', 'Soe', 'Htun', 'Khin', 'Mya', 'Aye', 'San', 'Tin', 'Nu', 'Su', 'Ei', 'Phyu', 'Thida', 'Moe', 'Min', 'Oo', 'Lwin', 'Htet', 'Yin', 'Wai', 'Thu', 'Maung', 'Hnin'];

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
await handle.db.execute(sql`analyze townships`);
const townshipIds = (await query(sql`select id from townships order by id`)).map((r) => Number(r.id));
const foTownships = townshipIds.slice(0, 2);
const oneTownship = townshipIds[2]!;

// One hash for every account: the bench signs in a few times, not thousands.
const passwordHash = await hashPassword('bench password', config.scrypt);
const projectId = Number((await query(sql`select min(id) as id from projects`))[0]!.id);
await handle.db.execute(sql`
  insert into users (name, email, role, password_hash, project_id, township_id) values
    ('Bench MEAL', 'meal@vot.bench', 'MEAL Associate', ${passwordHash}, null, null),
    ('Bench PO', 'po@vot.bench', 'Project Officer', ${passwordHash}, null, null),
    ('Bench FO', 'fo@vot.bench', 'Field Officer', ${passwordHash}, ${projectId}, ${foTownships[0]!})`);
const foId = Number((await query(sql`select id from users where email = 'fo@vot.bench'`))[0]!.id);
for (const township of foTownships) await handle.db.execute(sql`insert into user_townships (user_id, township_id) values (${foId}, ${township})`);
const setupMs = performance.now() - t0;

const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
async function bearer(email: string) {
  const login = await app.inject({ method: 'POST', url: '/api/v1/io-login', payload: { email, password: 'bench password' } });
  if (login.statusCode !== 200) throw new Error(`sign-in ${email}: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json().access_token}` };
}
const meal = await bearer('meal@vot.bench');
const po = await bearer('po@vot.bench');
const fo = await bearer('fo@vot.bench');

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
    `${label.padEnd(52)} API p50 ${a.p50.toFixed(1).padStart(6)} p95 ${a.p95.toFixed(1).padStart(6)} ms | raw p50 ${r.p50.toFixed(1).padStart(6)} p95 ${r.p95.toFixed(1).padStart(6)} ms | p95 ${(a.p95 / r.p95).toFixed(2)}×`,
  );
}

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

async function measure(label: string, url: string, headers: Record<string, string>, raw: () => Promise<unknown>, times = requests) {
  const api: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < times; i++) {
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    api.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    t = performance.now();
    await raw();
    rawMs.push(performance.now() - t);
  }
  report(label, api, rawMs);
}

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

const over = results.filter((r) => r.api.p95 > 30 || r.api.p95 > 2 * r.raw.p95);
console.log(`\n${results.length - over.length}/${results.length} lines within p95 ≤ 30 ms and ≤ 2× raw; over: ${over.map((r) => r.label).join('; ') || 'none'}`);

await app.close();
await handle.close();
