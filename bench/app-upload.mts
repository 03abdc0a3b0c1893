// The phone app's idempotent visit upload (POST app/DOTs, a video-observed visit without files) under
// 50 concurrent clients, over real HTTP (keep-alive), each a volunteer with a token of their own:
// first new records, then every record sent again (the retries of a bad connection). Against the
// raw SQL of the same work (the duplicate check; the transaction with the insert ON CONFLICT DO
// NOTHING, the patient's row locked in it, and the audit entry; then the dose ledger roll-up's
// update, rollUpNewVisit, as the API does) with the same concurrency on the same database, and
// against the raw SQL without the roll-up (the earlier baseline). Target: p95 ≤ 20 ms.
//
// Every new record is a new day of its patient (one visit a day, the national load's shape): the
// prefilled visits end `fresh` days ago and each patient's uploads walk forward from there to today
// (late ones carry a late remark), so each updates the patient's roll-up. The raw SQL without the
// roll-up files its records before the VOT start, where they change no ledger.
//
// Two loads: saturation (each client sends its next upload as soon as the last is answered: the
// latency is the queue of 50) and paced (each client one upload a second, 50 a second together —
// about ten times the expected national peak of 20 000 patients' daily records).
//
//   api/node_modules/.bin/tsx bench/app-upload.mts [requests per client=40] [clients=50] [prefilled visits=200000] [pace ms=1000]
//   DATABASE_URL=postgres://… to run on PostgreSQL (a scratch database: the bench empties regions,
//   districts, projects and everything that hangs off them, visits included, and fills them)
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '@vot/api/app';
import { loadConfig } from '@vot/api/config';
import { openPglite, openPostgres } from '@vot/api/db/client';
import { lockPatients, refreshAllLedgers, rollupDriftSql } from '@vot/api/ledger';
import { hashPassword } from '@vot/api/passwords';

const apiRequire = createRequire(new URL('../api/package.json', import.meta.url));
const load = async <T,>(name: string) => (await import(pathToFileURL(apiRequire.resolve(name)).href)) as T;
const { sql } = await load<typeof import('drizzle-orm')>('drizzle-orm');
const { todayIn } = await load<typeof import('@vot/shared/domain')>('@vot/shared/domain');

const perClient = Number(process.argv[2] ?? 40);
const clients = Number(process.argv[3] ?? 50);
const prefilled = Number(process.argv[4] ?? 200_000);
/** The paced run: each client sends one upload every this many ms (50 clients at 1 s = 50 uploads a second). */
const paceMs = Number(process.argv[5] ?? 1000);
const PATIENTS_PER_VOLUNTEER = 10;
/** Days left empty before today for the new records: each patient's share of the four runs of new records (API and raw SQL with the roll-up, saturation and paced) and of the warm-up. */
const fresh = 4 * Math.ceil(perClient / PATIENTS_PER_VOLUNTEER) + 1;

const handle = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
await handle.migrate();
// Cheap hashes: the bench measures uploads, not sign-ins.
const scrypt = { N: 1024, r: 8, p: 1 };
const base = loadConfig({ DATA_DIR: '/nonexistent' });
const config = {
  ...base,
  logLevel: 'silent',
  scrypt,
  login: { ...base.login, perAddressPerMinute: 1e6, overallPerMinute: 1e6 },
};
const run = (q: ReturnType<typeof sql>) => handle.db.execute(q);

const t0 = performance.now();
await run(
  sql`truncate regions, districts, projects, townships, users, volunteers, patients, change_volunteers, dots, audit_log, app_sessions restart identity cascade`,
);
await run(sql`insert into regions (name) values ('Bench Region')`);
await run(sql`insert into districts (name) values ('Bench District')`);
await run(sql`insert into projects (name, abbreviation) values ('Bench Project', 'BP')`);
await run(
  sql`insert into townships (name, abbreviation, region_id, district_id, project_id) values ('Bench Township', 'BT', 1, 1, 1)`,
);
const hash = await hashPassword('bench password', scrypt);
await run(sql`
  insert into volunteers (name, gender, age, address, phone1, code, password_hash, both_mdr_and_picts, education_status, occupation, township_id)
  select 'Volunteer ' || v, 'Female', 30, 'Ward 1', '0942000000', 'BT-V' || v, ${hash}, 0, 'Secondary', 'CHW', 1
  from generate_series(1, ${clients}) v`);
const patientCount = clients * PATIENTS_PER_VOLUNTEER;
await run(sql`
  insert into patients (year, township_id, "SP_code", code, password_hash, name, age, sex, treatment_regimen, patient_address, patient_phone_no,
    contact_info, contact_phone_no, primary_language, height, weight, "BMI", "VOT_eligible", "VOT_accept", "DOT_start_date", pure_or_hybrid, volunteer_id, type)
  select 2026, 1, 'SP-' || g, 'BT-P' || g, 'x', 'Patient ' || g, 40, 'Female', '1. LTR', 'Ward 3', '0942123', 'Son', '0942123', 'Burmese', 160, 50, 19.5,
    'Yes', 'Yes', current_date - ${fresh + 179}::int, 'Pure', 1 + (g - 1) % ${clients}, 'App'
  from generate_series(1, ${patientCount}) g`);
await run(sql`
  insert into change_volunteers (patient_id, change_date, pure_or_hybrid, with_volunteer, volunteer_id, type)
  select id, "DOT_start_date", 'Pure', 'Yes', volunteer_id, 'App' from patients`);
// Visits already there: the unique uuid index and the patient/date index at a realistic size, up to `fresh` days ago.
await run(sql`
  insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, created, "DOT_records")
  select gen_random_uuid()::text, 1 + g % ${patientCount}, 1 + g % ${patientCount}, current_date - ${fresh + 1}::int - (g % 178), 2, true, 'app', '[]'::jsonb
  from generate_series(1, ${prefilled}) g`);
await refreshAllLedgers(handle.db);
await run(sql`analyze`);
console.log(
  `data: ${clients} volunteers, ${patientCount} patients on VOT, ${prefilled} visits and their roll-up (${((performance.now() - t0) / 1000).toFixed(1)} s) on ${handle.kind}`,
);

const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = new URL(address);
const agent = new Agent({ keepAlive: true, maxSockets: clients });

function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const tokens: string[] = [];
for (let v = 1; v <= clients; v++) {
  const res = await post('/api/v1/app/login', { kind: 'volunteer', code: `BT-V${v}`, password: 'bench password' });
  if (res.status !== 200) throw new Error(`sign-in ${v}: ${res.status} ${res.body}`);
  tokens.push(JSON.parse(res.body).access_token as string);
}

const today = todayIn();
const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** Each patient's next new day: from `fresh` days ago to today, one upload a day. */
const nextDay = new Map<number, number>();
function newDay(patientId: number): string {
  const ago = nextDay.get(patientId) ?? fresh;
  if (ago < 0) throw new Error(`patient ${patientId} has no new day left`);
  nextDay.set(patientId, ago - 1);
  return dayBefore(today, ago);
}
/** Client c's records: its volunteer's patients in turn, each on its next new day, a video-observed visit with medicines. */
const recordsOf = (count = perClient) =>
  tokens.map((_, c) =>
    Array.from({ length: count }, (_, i) => {
      const patient_id = 1 + c + clients * (i % PATIENTS_PER_VOLUNTEER);
      return {
        uuid: randomUUID(),
        patient_id,
        date: newDay(patient_id),
        late_remark: 'No network',
        work: 2,
        work_status: true,
        DOT_records: [
          { medicine_name: 'Bedaquiline', quantity: 2 },
          { medicine_name: 'Linezolid', quantity: 1 },
        ],
        long: '12',
        patient_condition: 'Good',
        actions: [1, 2],
      };
    }),
  );
// The warm-up's records first: every run's days come after the last run's.
const warm = recordsOf(2);
let records = recordsOf();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every client in parallel, each its uploads in turn: back to back, or one every `pace` ms (clients spread over the interval). */
async function concurrently(work: (client: number, i: number) => Promise<void>, pace?: number): Promise<number[]> {
  const times: number[] = [];
  const begin = performance.now();
  await Promise.all(
    records.map(async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        if (pace) await sleep(Math.max(0, begin + i * pace + (c * pace) / clients - performance.now()));
        const start = performance.now();
        await work(c, i);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

async function upload(expected: number, pace?: number) {
  return concurrently(async (c, i) => {
    const res = await post('/api/v1/app/DOTs', records[c]![i], tokens[c]);
    if (res.status !== expected) throw new Error(`upload: ${res.status} ${res.body}`);
  }, pace);
}

/** The same work in raw SQL: the duplicate check, then the patient locked (a statement of its own, as the route does), the insert and its audit entry in one statement, and the roll-up's update. */
async function rawUploadWithRollUp(pace?: number) {
  return concurrently(async (c, i) => {
    const r = records[c]![i]!;
    await handle.db.execute(sql`select id from dots where uuid = ${r.uuid}`);
    await handle.db.transaction(async (tx) => {
      const locked = await lockPatients(tx as never, [r.patient_id]);
      const inserted = await tx.execute(sql`
        with target as (select id from patients where id = ${r.patient_id}),
        inserted as (
          insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, long, actions, patient_condition, late_remark, created, "DOT_records")
          select ${r.uuid}, target.id, target.id, ${r.date}::date, 2, true, '12', '1,2', 'Good', ${r.late_remark}, 'app', ${JSON.stringify(r.DOT_records)}::jsonb from target
          on conflict (uuid) do nothing returning id, patient_id
        ),
        audit as (insert into audit_log (actor_email, action, entity, entity_id, after, ip) select 'bench', 'create', 'dots', id, '{}'::jsonb, '127.0.0.1' from inserted)
        select id, patient_id from inserted`);
      const rows = (inserted as unknown as { rows: { id: number; patient_id: number }[] }).rows;
      if (rows[0]) await locked.rollUpNewVisit(rows[0]);
    });
  }, pace);
}

/** The raw SQL without the roll-up (the baseline before it existed): the duplicate check, then the insert and its audit entry in one transaction. */
async function rawUpload(pace?: number) {
  return concurrently(async (c, i) => {
    const r = records[c]![i]!;
    const uuid = `${r.uuid}-raw`;
    await handle.db.execute(sql`select id from dots where uuid = ${uuid}`);
    await handle.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, long, actions, patient_condition, created, "DOT_records")
        values (${uuid}, ${r.patient_id}, ${r.patient_id}, ${dayBefore(today, fresh + 200)}, 2, true, '12', '1,2', 'Good', 'app', ${JSON.stringify(r.DOT_records)}::jsonb)
        on conflict (uuid) do nothing returning id`);
      const rows = (inserted as unknown as { rows: { id: number }[] }).rows;
      if (rows[0])
        await tx.execute(
          sql`insert into audit_log (actor_email, action, entity, entity_id, after, ip) values ('bench', 'create', 'dots', ${rows[0].id}, '{}'::jsonb, '127.0.0.1')`,
        );
    });
  }, pace);
}

function stats(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}
/** API against the raw SQL of the same work (the ratio), and against the raw SQL without the roll-up when given. */
function report(label: string, api: number[], raw: number[], bare?: number[]) {
  const a = stats(api);
  const r = stats(raw);
  const b = bare && stats(bare);
  console.log(
    `${label.padEnd(36)} n=${a.n} API p50 ${a.p50.toFixed(1).padStart(6)} p95 ${a.p95.toFixed(1).padStart(6)} ms | raw SQL p50 ${r.p50.toFixed(1).padStart(6)} p95 ${r.p95.toFixed(1).padStart(6)} ms | p95 ${(a.p95 / r.p95).toFixed(2)}×` +
      (b
        ? ` | raw without the roll-up p50 ${b.p50.toFixed(1).padStart(6)} p95 ${b.p95.toFixed(1).padStart(6)} ms`
        : ''),
  );
}

// A short warm-up of both paths (JIT, plans), not counted.
for (const [c, list] of warm.entries()) for (const r of list) await post('/api/v1/app/DOTs', r, tokens[c]);

// Each run of new records its own new days (records = recordsOf()); a repeat sends the same again.
const rawNew = await rawUploadWithRollUp();
const bareNew = await rawUpload();
records = recordsOf();
const apiNew = await upload(201);
const rawRepeat = await rawUploadWithRollUp();
const apiRepeat = await upload(200);
records = recordsOf();
const rawPaced = await rawUploadWithRollUp(paceMs);
const barePaced = await rawUpload(paceMs);
records = recordsOf();
const apiPaced = await upload(201, paceMs);
const rawPacedRepeat = await rawUploadWithRollUp(paceMs);
const apiPacedRepeat = await upload(200, paceMs);
console.log(
  `${clients} concurrent clients × ${perClient} uploads each, ${handle.kind}; raw SQL = the same work with the roll-up's update`,
);
report('saturation: new visit (201)', apiNew, rawNew, bareNew);
report('saturation: the same again (200)', apiRepeat, rawRepeat);
report(`paced ${((clients * 1000) / paceMs).toFixed(0)}/s: new visit (201)`, apiPaced, rawPaced, barePaced);
report(`paced ${((clients * 1000) / paceMs).toFixed(0)}/s: the same again (200)`, apiPacedRepeat, rawPacedRepeat);
const counted = (await handle.db.execute(
  sql`select count(*)::int as n from dots where created = 'app' and date > ${dayBefore(today, fresh + 1)}`,
)) as unknown as { rows: { n: number }[] };
// The API's and the raw SQL's new records and the warm-up's: the repeats added none.
console.log(`new visits: ${counted.rows[0]?.n} (expected ${clients * perClient * 4 + clients * 2})`);
const drifted = (await handle.db.execute(rollupDriftSql())) as unknown as { rows: unknown[] };
console.log(
  `roll-up: ${drifted.rows.length ? `${drifted.rows.length} patients differ from a rebuild` : 'equal to a rebuild'}`,
);

agent.destroy();
await app.close();
await handle.close();
