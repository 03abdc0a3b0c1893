// 'All-Patient-VOTs' at scale: a MEAL user's national GET export-all-patient-DOTs over every date,
// walked page by page as the browser asks it (exportAllPages), with the time, the pages, the
// largest single answer and the growth of this process's heap and resident memory, against the raw
// SQL of the whole export as one query. Against an API that answers the export whole (no `next`),
// the same line measures that one answer: run it on both to compare.
//
//   api/node_modules/.bin/tsx --expose-gc bench/visits-export.mts [patients] [visits]
//   defaults: PostgreSQL 2 000 VOT patients, 1 000 000 visits; PGlite 300, 100 000.
//   DATABASE_URL=postgres://…/vot_bench_export: a database of its own, emptied and filled, and kept:
//   a second run of the same size reuses it (BENCH_REGENERATE=1 to make it again).
import { performance } from 'node:perf_hooks';
import { todayIn } from '@vot/shared/domain';
import { addAccounts, openDatabase, sql, startApi, peakMemory, mb } from './harness.mts';
import { nationalVotData } from './visits-data.mts';

const db = await openDatabase();
const pg = db.kind === 'postgres';
const patientCount = Number(process.argv[2] ?? (pg ? 2_000 : 300));
const visitCount = Number(process.argv[3] ?? (pg ? 1_000_000 : 100_000));
const TOWNSHIPS = 330;

await nationalVotData(db, { townships: TOWNSHIPS, patients: patientCount, visits: visitCount });
await addAccounts(db, [{ email: 'meal@vot.bench', role: 'MEAL Associate' }]);
const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const [first] = await db.query(sql`select min(date)::text as day, count(*) as n from dots where created <> 'no-app'`);
const range = `start_date=${String(first!.day)}&end_date=${todayIn()}`;
console.log(
  `${db.kind}: ${Number(first!.n)} visit records (no-app days aside) over ${patientCount} VOT patients, ${range}`,
);

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The export through the API, page after page (or the one answer of an API that sends it whole); rows not kept. */
async function walkApi() {
  const pageMs: number[] = [];
  let largest = 0;
  const walk = await peakMemory(async () => {
    let rows = 0;
    let after: number | null = null;
    do {
      const t = performance.now();
      const res = await api.app.inject({
        method: 'GET',
        url: `/api/v1/export-all-patient-DOTs?${range}${after === null ? '' : `&after=${after}`}`,
        headers: meal,
      });
      pageMs.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body.slice(0, 300)}`);
      largest = Math.max(largest, res.rawPayload.length);
      const page = res.json() as { data: unknown[]; next?: number | null };
      rows += page.data.length;
      after = page.next ?? null;
    } while (after !== null);
    return rows;
  });
  return { ...walk, pageMs, largest };
}

const wholeSql = sql`select d.*, p.name, t.name as township from dots d join patients p on p.id = d.patient_id
  left join townships t on t.id = p.township_id where d.created <> 'no-app' and p.status = 1
  order by d.patient_id desc, d.date desc, d.id desc`;

for (let run = 1; run <= 2; run++) {
  const viaApi = await walkApi();
  const whole = await peakMemory(async () => (await db.query(wholeSql)).length);
  const pages = viaApi.pageMs.length;
  console.log(
    `national export-all-patient-DOTs, run ${run}: ${viaApi.value} rows in ${pages} answer${pages > 1 ? 's' : ''}: ${secs(viaApi.ms)}` +
      ` (an answer p50 ${secs([...viaApi.pageMs].sort((a, b) => a - b)[Math.floor(pages / 2)]!)}, largest ${(viaApi.largest / 2 ** 20).toFixed(1)} MB,` +
      ` heap +${mb(viaApi.heapMB)}, rss +${mb(viaApi.rssMB)}) | raw one query ${secs(whole.ms)} (${whole.value} rows, heap +${mb(whole.heapMB)}, rss +${mb(whole.rssMB)})`,
  );
}
await api.close();
