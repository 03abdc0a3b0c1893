// API latency of every patient list (each category, the searches, the township filter, a Field
// Officer's scope), the count call and an export, on large generated data, against the raw SQL of
// the same answer measured in the same run on the same database (these machines are noisy: read
// the ratios). Prints the plans of the searches, to show they use their indexes.
//
//   api/node_modules/.bin/tsx bench/patients.mts [patients=500000] [requests=60] [vot patients=20000] [visits=vot patients × 500]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, volunteers, patients — and fills them)
import { performance } from 'node:perf_hooks';
import { PATIENT_EXPORT_PAGE_SIZE, PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import {
  addAccounts,
  generatePlaces,
  measure as measureLine,
  openDatabase,
  report,
  startApi,
  stats,
  summary,
  sql,
  type SQL,
  peakMemory,
  mb,
} from './harness.mts';
import { patientListCases } from './patients-cases.mts';
import { generatePatients } from './patients-data.mts';
import { CATEGORY, inT, rawCount, rawPage, rawSearchPage, w, type ListCase } from './patients-raw.mts';
import { generateVot } from './visits-data.mts';

const patientCount = Number(process.argv[2] ?? 500_000);
const requests = Number(process.argv[3] ?? 60);
const TOWNSHIPS = 330;
const SIZE = PATIENT_PAGE_SIZE;
const db = await openDatabase();
const { handle, query } = db;

const t0 = performance.now();
const townshipIds = await generatePlaces(db, TOWNSHIPS);
await generatePatients(db, patientCount, TOWNSHIPS);
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

/** Before timing: the API answers the same page ids and total as the raw SQL, so both measure the same answer. */
async function sameAnswer(c: ListCase, page: number) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/patients?page=${page}${c.filter}`, headers: c.headers });
  const body = res.json() as { data: { id: number }[]; total: number };
  const counted = (await query(rawCount(c)))[0]!;
  const total = Number(counted.count);
  const ids = (
    c.searched ? await rawSearchPage(query, c, counted, (page - 1) * SIZE) : await query(rawPage(c, (page - 1) * SIZE))
  ).map((r) => Number(r.id));
  // An empty page is a right answer when the list is empty (small sizes: a township's trash).
  if (
    res.statusCode !== 200 ||
    body.total !== total ||
    body.data.map((v) => v.id).join() !== ids.join() ||
    (ids.length === 0 && total > 0)
  ) {
    throw new Error(
      `${c.label} page ${page}: API ${res.statusCode} ${body.total} [${body.data?.map((v) => v.id)}] ≠ raw ${total} [${ids}]`,
    );
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
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/patients?page=${page}${c.filter}`,
      headers: c.headers,
    });
    api.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${c.label} page ${page}: ${res.statusCode}`);
    // The API asks the page and the count at once (pageOf), a search its count first; so does the raw SQL.
    t = performance.now();
    if (c.searched) {
      await rawSearchPage(query, c, (await query(rawCount(c)))[0]!, (page - 1) * SIZE);
    } else await Promise.all([query(rawPage(c, (page - 1) * SIZE)), query(rawCount(c))]);
    raw.push(performance.now() - t);
  }
  report(`${c.label} (${total}), ${which}`, api, raw);
}

const measure = (
  label: string,
  url: string,
  headers: Record<string, string>,
  raw: () => Promise<unknown>,
  times = requests,
) => measureLine(label, times, () => api.get(url, headers), raw);

const cases = patientListCases({ meal, po, fo }, foTownships, oneTownship);

console.log(
  `${handle.kind}, ${patientCount} patients over ${TOWNSHIPS} townships, set up in ${(setupMs / 1000).toFixed(1)} s;` +
    ` ${requests} requests per line (sequential, fastify.inject incl. the bearer check); raw = the page and its count, at once (a name search: its count, then the page, as the API)`,
);
const first = (i: number) => 1 + (i % 10);
const random = (_: number, pages: number) => 1 + Math.floor(Math.random() * Math.min(pages, 100));
for (const c of cases) await measureList(c, 'pages 1-10', first);
for (const c of cases.slice(0, 2)) await measureList(c, 'random page of the first 100', random);

// The code searches before and after, in raw SQL, alternately in one run (the same typed codes, the
// same load): before, from the beginning over the text_pattern_ops index, the page (every match
// sorted by `id + 0`) and the count at once; after, a piece anywhere over the trigram index, counted
// first, then the page as searchPage reads it. Printed as "API" = before, "raw" = after.
console.log('\nCode searches, raw SQL: before (from the beginning) as "API", after (anywhere) as "raw"');
for (const c of cases.filter((c) => c.before)) {
  const was: ListCase = { ...c, where: c.before!, searched: false };
  const total = Number((await query(rawCount(was)))[0]!.count);
  await measureLine(
    `${c.label} before (${total}) / after`,
    requests,
    (i) => Promise.all([query(rawPage(was, (i % 10) * SIZE, true)), query(rawCount(was))]),
    async (i) => rawSearchPage(query, c, (await query(rawCount(c)))[0]!, (i % 10) * SIZE),
  );
}

// The count call: the repository's sum of patient_list_counts by status and lists, and beside it the
// VOT lists' counts (pure / hybrid, with or without a volunteer, missed doses), as the API runs them.
const onVot = `p.status = 1 and p."VOT_accept" = 'Yes' and p."DOT_start_date" is not null`;
const missed =
  w(`p.id in (select r.patient_id from patient_ledgers r where r.missed_since <= (now() at time zone 'Asia/Yangon')::date - 2
  and (case when coalesce(r.end_date, 'infinity') >= (now() at time zone 'Asia/Yangon')::date and r.last_decided_date is distinct from (now() at time zone 'Asia/Yangon')::date
  then (now() at time zone 'Asia/Yangon')::date - 1 else least(coalesce(r.end_date, 'infinity'), (now() at time zone 'Asia/Yangon')::date) end) - r.missed_since >= 2)`);

const votCountsRaw = (scope: string) => () =>
  query(sql`select count(*) filter (where p.pure_or_hybrid = 'Pure' and p.volunteer_id is not null), count(*) filter (where p.pure_or_hybrid = 'Pure' and p.volunteer_id is null),
    count(*) filter (where p.pure_or_hybrid = 'Hybrid'), count(*) filter (where p."DOT_end_date" is null and ${missed}) from patients p where ${w(`${onVot}${scope}`)}`);
const countRaw = (where: SQL) => () =>
  query(sql`select status, lists, sum(n) from patient_list_counts c where ${where} group by status, lists`);
const bothCountsRaw = (where: SQL, scope: string) => () => Promise.all([countRaw(where)(), votCountsRaw(scope)()]);
await measure('dstb-patient-count, MEAL', '/api/v1/dstb-patient-count', meal, bothCountsRaw(sql`true`, ''));
await measure(
  'dstb-patient-count, Field Officer',
  '/api/v1/dstb-patient-count',
  fo,
  bothCountsRaw(inT(foTownships, 'c.township_id'), ` and p.township_id in (${foTownships.join(',')})`),
);
// The export's rows as the repository selects them (exportPatients), newest first, from below `after`.
const exportSql = (where: SQL, after?: number, limit?: number) =>
  sql`select p.id, p."SP_code", p.name, p.code, p.plain_password_enc, t.abbreviation, p."RR_code", p."DRTB_code", p.unique_id, p.age, p.sex, p.year,
    t.name, p.dot_patient_id_gf, p."presumptive_TB_number", p."DOB", p.treatment_start_date, p.treatment_regimen, p.patient_phone_no, p."TB_status",
    p.treatment_status, p."VOT_eligible", p."VOT_accept", p."DOT_start_date", p."DOT_end_date", p.pure_or_hybrid, p.report_period
    from patients p left join townships t on t.id = p.township_id where ${where}${after === undefined ? sql`` : sql` and p.id < ${after}`}
    order by p.id desc${limit === undefined ? sql`` : sql` limit ${limit}`}`;
const tbOf = (townships?: number[]) =>
  townships ? sql`${w(CATEGORY.TB_patient!)} and ${inT(townships)}` : w(CATEGORY.TB_patient!);
const exportRows = Number((await query(sql`select count(*) from patients p where ${tbOf([oneTownship])}`))[0]!.count);
// Timed to the answer, not through the client's JSON.parse of its 1 486 rows (the raw side parses nothing).
// As many times as a list line up to 200: its answers are large enough for the collector to land in
// some of them, and the p95 of 40 was the second-worst request.
await measureLine(
  `patients-export ?TB_patient&township_id=one (${exportRows} rows)`,
  Math.min(requests, 200),
  async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/patients-export?TB_patient=true&township_id=${oneTownship}`,
      headers: meal,
    });
    if (res.statusCode !== 200) throw new Error(`patients-export: ${res.statusCode}`);
  },
  () => query(exportSql(tbOf([oneTownship]), undefined, PATIENT_EXPORT_PAGE_SIZE + 1)),
);

// Registration's possible duplicates (GET patients-possible-duplicates, api/src/routes/patients/duplicates.ts),
// asked on Save before POST patients: the name and age of a generated patient in its township with a
// phone of another, so both halves of the query find something; against its raw SQL.
const [probe] = await query(
  sql`select name, age, coalesce(township_id, recover_township_id) as tw from patients where id = ${Math.min(123_457, patientCount)}`,
);
const probePhone = '09000012345';
const duplicatesRaw = (scope: SQL) => () =>
  query(sql`select p.id, p.name, p.code, p."SP_code", p.age, p.sex, t.id, t.name, t.abbreviation, p.patient_phone_no, p.status
    from patients p left join townships t on t.id = coalesce(p.township_id, p.recover_township_id)
    where ((coalesce(p.township_id, p.recover_township_id) = ${probe!.tw} and p.name_key = patient_name_key(${probe!.name})
      and p.age between ${Number(probe!.age) - 2} and ${Number(probe!.age) + 2}) or p.patient_phone_no = ${probePhone}) and ${scope}
    order by p.id desc limit 10`);
const duplicatesUrl = (tw: unknown) =>
  `/api/v1/patients-possible-duplicates?township_id=${tw}&name=${encodeURIComponent(String(probe!.name))}&age=${probe!.age}&patient_phone_no=${probePhone}`;
await measure(
  'patients-possible-duplicates, MEAL (name in a township, or phone)',
  duplicatesUrl(probe!.tw),
  meal,
  duplicatesRaw(sql`true`),
);
await measure(
  'patients-possible-duplicates, Field Officer',
  duplicatesUrl(foTownships[0]),
  fo,
  duplicatesRaw(inT(foTownships, 'coalesce(p.township_id, p.recover_township_id)')),
);
console.log(
  (
    await query(sql`explain select p.id from patients p where (coalesce(p.township_id, p.recover_township_id) = ${probe!.tw}
    and p.name_key = patient_name_key(${probe!.name}) and p.age between 1 and 99) or p.patient_phone_no = ${probePhone}`)
  )
    .map((r) => `  ${String(Object.values(r)[0])}`)
    .join('\n'),
);

// The API's fixed part, for the pages whose SQL takes a millisecond or less: the signed-in account
// (the session check and one small read) against a round trip to the database.
const FIXED = 'fixed part: GET user (session check, one read) against select 1';
await measure(FIXED, '/api/v1/user', meal, () => query(sql`select 1`));

summary(30, 2, (label) => label !== FIXED && !label.includes(' before ('));

/**
 * A MEAL officer's national export of the TB list, page after page as the browser asks it
 * (exportAllPages): the time, the pages, the largest single answer and the growth of this process's
 * heap, against the raw SQL of the same pages and of the whole export as one query. Timed without
 * keeping the rows (the browser keeps them, in another process than the API; keeping them here
 * would make the API's garbage collection trace them); one walk more keeps them, for what the
 * browser holds.
 */
const sum = (ms: number[]) => ms.reduce((a, b) => a + b, 0);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const p50p95 = (ms: number[]) => `p50 ${stats(ms).p50.toFixed(0)} / p95 ${stats(ms).p95.toFixed(0)} ms`;

/** Walks the API's export pages; `keep` keeps every row as the browser does. */
async function walkApi(keep: boolean) {
  const pageMs: number[] = [];
  let largest = 0;
  const walk = await peakMemory(async () => {
    const kept: unknown[] = [];
    let rows = 0;
    let after: number | null = null;
    do {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/patients-export?TB_patient=true${after === null ? '' : `&after=${after}`}`,
        headers: meal,
      });
      // A page's time is the API's: to its answer, before this client parses it.
      pageMs.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`patients-export: ${res.statusCode} ${res.body.slice(0, 300)}`);
      largest = Math.max(largest, res.body.length);
      const page = res.json() as { data: unknown[]; next: number | null };
      rows += page.data.length;
      if (keep) for (const row of page.data) kept.push(row);
      after = page.next;
    } while (after !== null);
    return rows;
  });
  return { ...walk, pageMs, largest };
}

async function walkRaw() {
  const pageMs: number[] = [];
  const walk = await peakMemory(async () => {
    let rows = 0;
    let after: number | undefined;
    for (;;) {
      const t = performance.now();
      const got = await query(exportSql(tbOf(), after, PATIENT_EXPORT_PAGE_SIZE + 1));
      pageMs.push(performance.now() - t);
      const page = got.slice(0, PATIENT_EXPORT_PAGE_SIZE);
      rows += page.length;
      if (got.length <= PATIENT_EXPORT_PAGE_SIZE) return rows;
      after = Number(page[page.length - 1]!.id);
    }
  });
  return { ...walk, pageMs };
}

for (let run = 1; run <= 2; run++) {
  const viaApi = await walkApi(false);
  const raw = await walkRaw();
  const whole = await peakMemory(async () => (await query(exportSql(tbOf()))).length);
  console.log(
    `national patients-export ?TB_patient, run ${run}: ${viaApi.value} rows in ${viaApi.pageMs.length} pages of ${PATIENT_EXPORT_PAGE_SIZE}: API ${secs(viaApi.ms)}, its answers ${secs(sum(viaApi.pageMs))}` +
      ` (a page ${p50p95(viaApi.pageMs)}, largest answer ${(viaApi.largest / 2 ** 20).toFixed(1)} MB, heap +${mb(viaApi.heapMB)}, rss +${mb(viaApi.rssMB)})` +
      ` | raw pages ${secs(raw.ms)} (${p50p95(raw.pageMs)}; ${raw.value} rows) | API answers/raw ${(sum(viaApi.pageMs) / raw.ms).toFixed(2)}×` +
      ` | raw one query ${secs(whole.ms)} (heap +${mb(whole.heapMB)}, rss +${mb(whole.rssMB)})`,
  );
}
const kept = await walkApi(true);
console.log(
  `national patients-export, every row kept as the browser keeps them: ${secs(kept.ms)}, heap +${mb(kept.heapMB)}, rss +${mb(kept.rssMB)}`,
);

// The plans of the searches: the name by its word-beginning index, the codes by their trigram indexes.
for (const c of cases.filter((c) => /name|SP_code=|unique_id=/.test(c.filter))) {
  console.log(`\nEXPLAIN ${c.label}`);
  for (const q of [rawPage(c, 0), rawCount(c)]) {
    const plan = (await query(sql`explain ${q}`)).map((r) => String(Object.values(r)[0]));
    console.log(plan.map((l) => `  ${l}`).join('\n'));
  }
}

// The VOT Status lists with their Adherence column (the dose ledger's roll-up), the
// Missed Doses list and the menu counts, once VOT patients with visits are added to the national
// data (bench/visits-data.mts: after the measures above, so those lines keep their data).
const votPatients = Number(process.argv[4] ?? 20_000);
const votVisits = Number(process.argv[5] ?? votPatients * 500);
if (votPatients > 0) {
  const made = await generateVot(db, { townshipIds, patients: votPatients, visits: votVisits, log: console.log });
  console.log(
    `\nVOT Status lists: ${votPatients} VOT patients with ${made.visits} visits added in ${made.seconds.toFixed(0)} s`,
  );
  // The page with its ledger columns read from the roll-up, and the list's total: the API's answer in raw SQL.
  const votPage = (where: SQL, offset: number) =>
    query(sql`select p.id, p.name, p.code, p."DOT_start_date", p."DOT_end_date", p.volunteer_id, t.abbreviation, r.observed_days, r.not_observed_days, r.last_observed_date, r.last_decided_date, r.longest_gap
      from (select * from patients p where ${where} order by p.id desc limit ${SIZE} offset ${offset}) p
      left join townships t on t.id = p.township_id left join patient_ledgers r on r.patient_id = p.id order by p.id desc`);
  const votCount = (where: SQL) => query(sql`select count(*) from patients p where ${where}`);
  const votCases: [string, Record<string, string>, string, SQL][] = [
    [
      'pure with volunteer',
      meal,
      '&DOT_with_volunteer=true&pure_or_hybrid=Pure',
      w(`${onVot} and p.pure_or_hybrid = 'Pure' and p.volunteer_id is not null`),
    ],
    [
      'pure without volunteer',
      meal,
      '&DOT_with_no_volunteer=true&pure_or_hybrid=Pure',
      w(`${onVot} and p.pure_or_hybrid = 'Pure' and p.volunteer_id is null`),
    ],
    ['hybrid', meal, '&pure_or_hybrid=Hybrid', w(`${onVot} and p.pure_or_hybrid = 'Hybrid'`)],
    [
      'missed doses (2+ days in a row)',
      meal,
      '&missed_doses=true',
      sql`${w(`${onVot} and p."DOT_end_date" is null`)} and ${missed}`,
    ],
    [
      'Field Officer pure with volunteer',
      fo,
      '&DOT_with_volunteer=true&pure_or_hybrid=Pure',
      w(
        `${onVot} and p.pure_or_hybrid = 'Pure' and p.volunteer_id is not null and p.township_id in (${foTownships.join(',')})`,
      ),
    ],
    [
      'Field Officer missed doses',
      fo,
      '&missed_doses=true',
      sql`${w(`${onVot} and p."DOT_end_date" is null and p.township_id in (${foTownships.join(',')})`)} and ${missed}`,
    ],
  ];
  for (const [label, headers, filter, where] of votCases) {
    // Same answer first: the API's total is the raw count.
    const total = Number((await votCount(where))[0]!.count);
    const res = await app.inject({ method: 'GET', url: `/api/v1/patients?page=1${filter}`, headers });
    if (res.statusCode !== 200 || res.json().total !== total)
      throw new Error(`${label}: API ${res.statusCode} ${res.json().total} ≠ raw ${total}`);
    const pages = Math.max(1, Math.min(10, Math.ceil(total / SIZE)));
    await measureLine(
      `VOT ${label} (${total}), pages 1-${pages}`,
      requests,
      (i) => api.get(`/api/v1/patients?page=${1 + (i % pages)}${filter}`, headers),
      (i) => Promise.all([votPage(where, (i % pages) * SIZE), votCount(where)]),
    );
  }
  await measure(
    'dstb-patient-count with the VOT counts, MEAL',
    '/api/v1/dstb-patient-count',
    meal,
    bothCountsRaw(sql`true`, ''),
  );
  await measure(
    'dstb-patient-count with the VOT counts, Field Officer',
    '/api/v1/dstb-patient-count',
    fo,
    bothCountsRaw(inT(foTownships, 'c.township_id'), ` and p.township_id in (${foTownships.join(',')})`),
  );
}

summary(30, 2, (label) => label !== FIXED && !label.includes(' before ('));
await api.close();
