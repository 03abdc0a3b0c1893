// API latency of the volunteer list and export on large generated data, against the raw SQL for
// the same answer measured in the same run on the same database, and the browser's spreadsheet
// build against JSON.stringify of the same rows (these machines are noisy: read the ratios).
//
//   api/node_modules/.bin/tsx bench/volunteers.mts [volunteers=100000] [requests=100] [exports=20]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them — townships, users, volunteers — and fills them)
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { VOLUNTEER_EXPORT_COLUMNS } from '@vot/mfe-volunteers/volunteer-export';
import { sheetRows, type Cell, type ExportColumn } from '@vot/shared/lists';
import { addAccounts, generatePlaces, measure, openDatabase, startApi, stats, sql } from './harness.mts';

// exceljs is the shared package's dependency: load the copy it uses.
const sharedRequire = createRequire(new URL('../shared/package.json', import.meta.url));
const exceljs = (await import(pathToFileURL(sharedRequire.resolve('exceljs')).href)) as {
  default?: typeof import('exceljs');
} & typeof import('exceljs');
const { Workbook } = exceljs.default ?? exceljs;

const volunteerCount = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 100);
const exportRequests = Number(process.argv[4] ?? 20);
const TOWNSHIPS = 30;
const SHEET_ROWS = 10_000;
// One volunteer in 20 is in the trash (status 0, township moved to recover_township_id), so the status filter filters.
const TRASH_EVERY = 20;

const db = await openDatabase();
const { handle, query } = db;

const t0 = performance.now();
const townshipIds = await generatePlaces(db, TOWNSHIPS);
// Plain SQL, no password hashing: plain_password_enc stays null (the API then has nothing to decrypt).
// Explicit ids (the identity was restarted), so the townships interleave in id order as they would
// in life and the code ends with the id; one volunteer of every township in TRASH_EVERY is in the trash.
await handle.db.execute(sql`
  insert into volunteers (id, name, gender, age, address, phone1, phone2, email, code, password_hash, both_mdr_and_picts,
    education_status, occupation, township_id, recover_township_id, "past_history_of_TB", previous_volunteer_experience,
    remark, status, deleted_at)
  select g, 'Volunteer ' || g, case when g % 2 = 0 then 'Male' else 'Female' end, 18 + g % 50,
    'No. ' || g || ', Main Road, Ward ' || (g % 12), '09' || lpad(g::text, 9, '0'),
    case when g % 3 = 0 then '09' || lpad((g * 7)::text, 9, '0') end, case when g % 4 = 0 then 'volunteer' || g || '@example.org' end,
    tw.abbreviation || '-V' || g, 'bench, not a hash', g % 2, 'Graduate', 'Farmer',
    case when trashed then null else tw.id end, case when trashed then tw.id end,
    case when g % 5 = 0 then 'Yes' end, case when g % 6 = 0 then 'Two years with the programme' end,
    case when g % 7 = 0 then 'A remark' end, case when trashed then 0 else 1 end, case when trashed then now() end
  from (select g, (g / ${TOWNSHIPS}) % ${TRASH_EVERY} = 0 as trashed from generate_series(1, ${volunteerCount}) g) s
  join townships tw on tw.abbreviation = 'T' || (1 + g % ${TOWNSHIPS})`);
await handle.db.execute(sql`select setval(pg_get_serial_sequence('volunteers', 'id'), ${volunteerCount})`);
await handle.db.execute(sql`analyze volunteers`);
const foTownships = townshipIds.slice(0, 2);
const oneTownship = townshipIds[2]!;

await addAccounts(db, [
  { email: 'meal@vot.bench', role: 'MEAL Associate' },
  { email: 'fo@vot.bench', role: 'Field Officer', townships: foTownships },
]);
const setupMs = performance.now() - t0;

const api = await startApi(db);
const { app } = api;
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');

// The raw SQL of listVolunteers (api/src/routes/volunteers/repository.ts): the same columns and
// joins, the same conditions (status, the scope, the township filter), newest first; and its count.
const select = sql`
  select v.id, v.name, v.gender, v.age, v.address, v.phone1, v.phone2, v.email, v.code, v.plain_password_enc,
    v.both_mdr_and_picts, v.education_status, v.occupation, t.id as t_id, t.name as t_name, t.abbreviation as t_abbreviation,
    rt.id as rt_id, rt.name as rt_name, rt.abbreviation as rt_abbreviation,
    v."past_history_of_TB", v.previous_volunteer_experience, v.remark, v.volunteer_id_gf, v.status
  from volunteers v
  left join townships t on t.id = v.township_id
  left join townships rt on rt.id = v.recover_township_id`;
const inTownships = (ids: number[]) =>
  sql`v.township_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
const activeWhere = (ids: number[] | null) =>
  ids ? sql`v.status = ${1} and ${inTownships(ids)}` : sql`v.status = ${1}`;
const rawPage = (ids: number[] | null, offset: number) =>
  sql`${select} where ${activeWhere(ids)} order by v.id desc limit ${10} offset ${offset}`;
const rawCount = (ids: number[] | null) => sql`select count(*) from volunteers v where ${activeWhere(ids)}`;
// The raw SQL of exportVolunteers: the exported columns and the township's name, newest first.
const rawExport = (ids: number[]) => sql`
  select v.name, v.code, v.plain_password_enc, v.gender, v.age, v.address, v.phone1, v.phone2, v.email, v.education_status,
    t.name as township, v."past_history_of_TB", v.previous_volunteer_experience, v.remark
  from volunteers v left join townships t on t.id = v.township_id
  where ${activeWhere(ids)} order by v.id desc`;

interface ListCase {
  label: string;
  headers: Record<string, string>;
  /** The query string besides the page ('' or '&township_id=3'). */
  filter: string;
  /** The townships the answer is limited to (the Field Officer's scope or the filter); null for all. */
  ids: number[] | null;
}

/** Before timing: the API answers the same page ids and total as the raw SQL, so both measure the same answer. */
async function sameAnswer(c: ListCase, page: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/volunteers?page=${page}${c.filter}`,
    headers: c.headers,
  });
  const body = res.json() as { data: { id: number }[]; total: number };
  const ids = (await query(rawPage(c.ids, (page - 1) * 10))).map((r) => Number(r.id));
  const total = Number((await query(rawCount(c.ids)))[0]!.count);
  if (
    res.statusCode !== 200 ||
    body.total !== total ||
    body.data.map((v) => v.id).join() !== ids.join() ||
    ids.length === 0
  ) {
    throw new Error(
      `${c.label} page ${page}: API ${res.statusCode} ${body.total} [${body.data.map((v) => v.id)}] ≠ raw ${total} [${ids}]`,
    );
  }
  return total;
}

async function measureList(c: ListCase, which: string, pick: (i: number, pages: number) => number) {
  const total = await sameAnswer(c, 1);
  const pages = Math.ceil(total / 10);
  await sameAnswer(c, pages);
  // The same page for the API and the raw SQL of a round.
  const pageOf = Array.from({ length: requests }, (_, i) => pick(i, pages));
  await measure(
    `${c.label}, ${which}`,
    requests,
    async (i) => {
      const body = (await api.get(`/api/v1/volunteers?page=${pageOf[i]}${c.filter}`, c.headers)) as { data: unknown[] };
      if (body.data.length === 0) throw new Error(`${c.label} page ${pageOf[i]}: empty`);
    },
    async (i) => {
      await query(rawPage(c.ids, (pageOf[i]! - 1) * 10));
      await query(rawCount(c.ids));
    },
  );
  return total;
}

async function measureExport(headers: Record<string, string>, township: number) {
  const url = `/api/v1/volunteers-export?township_id=${township}`;
  const first = await app.inject({ method: 'GET', url, headers });
  const expected = (await query(rawExport([township]))).length;
  if (first.statusCode !== 200 || first.json().data.length !== expected)
    throw new Error(`export: ${first.statusCode}, ${first.json().data?.length} ≠ ${expected} rows`);
  await measure(
    `export, 1 township (${expected} rows)`,
    exportRequests,
    () => api.get(url, headers),
    () => query(rawExport([township])),
  );
}

console.log(
  `${handle.kind}, ${volunteerCount} volunteers (1 in ${TRASH_EVERY} in the trash) over ${TOWNSHIPS} townships, set up in ${(setupMs / 1000).toFixed(1)} s;` +
    ` ${requests} requests per list line, ${exportRequests} per export (sequential, fastify.inject incl. the bearer check)`,
);
const first = (i: number) => 1 + (i % 10);
const random = (_: number, pages: number) => 1 + Math.floor(Math.random() * pages);
const last = (i: number, pages: number) => pages - (i % 10);
const cases: ListCase[] = [
  { label: 'MEAL, all townships', headers: meal, filter: '', ids: null },
  { label: 'Field Officer, 2 townships', headers: fo, filter: '', ids: foTownships },
  { label: 'MEAL, ?township_id=one', headers: meal, filter: `&township_id=${oneTownship}`, ids: [oneTownship] },
];
for (const c of cases) {
  for (const [which, pick] of [
    ['first pages', first],
    ['random pages', random],
    ['last pages', last],
  ] as const)
    await measureList(c, which, pick);
}
await measureExport(meal, oneTownship);

// The spreadsheet the browser builds from the export (shared/src/lists/export.ts downloadWorkbook,
// without the download), for SHEET_ROWS export rows, against JSON.stringify of the same rows.
type ExportRow = Record<string, Cell>;
const columns = VOLUNTEER_EXPORT_COLUMNS as unknown as ExportColumn<ExportRow>[];
const perTownship = Math.max(1, Math.floor(volunteerCount / TOWNSHIPS));
const sheetTownships = townshipIds.slice(0, Math.min(TOWNSHIPS, Math.ceil(SHEET_ROWS / perTownship) + 1));
const exported = await app.inject({
  method: 'GET',
  url: `/api/v1/volunteers-export?${sheetTownships.map((id) => `township_id[]=${id}`).join('&')}`,
  headers: meal,
});
const exportRows = (exported.json().data as ExportRow[]).slice(0, SHEET_ROWS);

/** downloadWorkbook's column widths (not exported there). */
function widths(cells: Cell[][]): number[] {
  const count = cells[0]?.length ?? 0;
  return Array.from({ length: count }, (_, i) =>
    Math.min(60, Math.max(8, ...cells.map((r) => String(r[i] ?? '').length + 2))),
  );
}

async function workbookBytes(rows: ExportRow[]) {
  const cells = sheetRows(columns, rows);
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Volunteers');
  sheet.addRows(cells);
  sheet.getRow(1).font = { bold: true };
  widths(cells).forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  return (await workbook.xlsx.writeBuffer()).byteLength;
}

const xlsxMs: number[] = [];
const jsonMs: number[] = [];
let xlsxBytes = 0;
let jsonBytes = 0;
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  xlsxBytes = await workbookBytes(exportRows);
  xlsxMs.push(performance.now() - t);
  t = performance.now();
  jsonBytes = Buffer.byteLength(JSON.stringify(exportRows));
  jsonMs.push(performance.now() - t);
}
const x = stats(xlsxMs);
const j = stats(jsonMs);
console.log(
  `${`spreadsheet, ${exportRows.length} rows`.padEnd(42)} sheetRows + exceljs writeBuffer p50 ${x.p50.toFixed(0)} ms, ${(xlsxBytes / 1024).toFixed(0)} kB` +
    ` | JSON.stringify p50 ${j.p50.toFixed(2)} ms, ${(jsonBytes / 1024).toFixed(0)} kB | xlsx/JSON ${(x.p50 / j.p50).toFixed(0)}× time, ${(xlsxBytes / jsonBytes).toFixed(2)}× bytes`,
);

await api.close();
