// The video review queues and a verdict at national scale: GET video-reviews (a page, oldest day
// first) as a MEAL role (the nation, pages 1–5) and as a Field Officer (2 townships), a volunteer's
// own queue in the app (GET app/video-reviews), and a verdict (POST video-reviews/{id}, and the
// volunteer's POST app/video-reviews/{id}) including the ledger roll-up's refresh, through the whole
// API (bearer check included), each against the raw SQL of the same answer or work written by hand.
//
// The videos: the patients' own videos (work 3) of the last 30 days have their video, arriving the
// evening of their day; those of days older than three days have a verdict (half the volunteer's),
// but 1 in 20 left unreviewed (the backlog past its review time); of the last three days', 2 in 3
// of those older than 12 hours were reviewed by the volunteer. Deterministic: a second run sets the
// same state again.
//
//   api/node_modules/.bin/tsx bench/video-reviews.mts [patients] [visits] [requests]
//   defaults: PostgreSQL 20 000 VOT patients, 10 000 000 visits, 60 requests; PGlite 2 000, 500 000, 30.
//   DATABASE_URL=postgres://…/vot_bench_video_reviews: a database of its own (createdb), which the
//   bench fills and keeps (a second run of the same size reuses it; BENCH_REGENERATE=1 makes it again).
import { performance } from 'node:perf_hooks';
import { PATIENT_PAGE_SIZE, VIDEO_REVIEW_ESCALATION_HOURS } from '@vot/shared/domain';
import { lockPatients, refreshAllLedgers } from '@vot/api/ledger';
import { hashPassword } from '@vot/api/passwords';
import { measure, startApi, summary, sql } from './harness.mts';
import { openNationalBench } from './visits-data.mts';

const { db, patientCount, requests, t0, townshipIds, foTownships } = await openNationalBench({
  email: 'meal@vot.bench',
  role: 'MEAL Associate',
});
const H = VIDEO_REVIEW_ESCALATION_HOURS;

const { query } = db;
const today = sql.raw(`((now() at time zone 'Asia/Yangon')::date)`);
const hash = sql.raw('(hashint4(d.id) & 2147483647)');
// Reviewed: 19 in 20 of the days older than three; 2 in 3 of the last three days' older than 12 hours.
const reviewed =
  sql.raw(`(case when d.date < ((now() at time zone 'Asia/Yangon')::date) - 3 then (hashint4(d.id) & 2147483647) % 20 <> 0
  else d.date < ((now() at time zone 'Asia/Yangon')::date) - 1 and (hashint4(d.id) & 2147483647) % 3 <> 0 end)`);
await db.step(
  'videos of the last 30 days, their arrival and verdicts',
  sql`update dots d set video = d.uuid || '.mp4',
      created_at = least(((d.date + time '18:00') at time zone 'Asia/Yangon') + make_interval(hours => ${hash} % 6), now() - interval '10 minutes'),
      review_dose_taken = case when ${reviewed} then coalesce(d.work_status, true) end,
      review_remark = null,
      reviewed_at = case when ${reviewed} then ((d.date + time '23:00') at time zone 'Asia/Yangon') end,
      reviewed_by = null,
      reviewed_by_volunteer = case when ${reviewed} and ${hash} % 2 = 0 then cv.volunteer_id end
    from change_volunteers cv
    where d.work = 3 and d.date > ${today} - 30 and cv.id = d.change_volunteer_id`,
);
// The roll-up agrees with the records again, as every write path keeps it (a verdict's roll-up reads it).
const tr = performance.now();
await refreshAllLedgers(db.handle.db);
console.log(`  the roll-up rebuilt: ${((performance.now() - tr) / 1000).toFixed(1)} s`);
await db.exec(sql`vacuum analyze dots`);
await db.exec(sql`vacuum analyze patient_ledgers`);
await db.exec(sql`vacuum analyze patient_ledger_months`);

// The volunteers of the first townships sign in to the app with the bench password.
const volunteerRows = await query(
  sql`select v.id, v.code from volunteers v where v.township_id in ${townshipIds.slice(0, 5)} order by v.id`,
);
const appHash = await hashPassword('bench password', db.config.scrypt);
await db.exec(
  sql`update volunteers set password_hash = ${appHash}, plain_password_enc = null where id in ${volunteerRows.map((r) => Number(r.id))}`,
);

const api = await startApi(db);
const meal = await api.bearer('meal@vot.bench');
const fo = await api.bearer('fo@vot.bench');
const appTokens: { id: number; headers: Record<string, string> }[] = [];
for (const v of volunteerRows) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/v1/app/login',
    payload: { kind: 'volunteer', code: v.code, password: 'bench password' },
  });
  if (res.statusCode !== 200) throw new Error(`app sign-in ${String(v.code)}: ${res.statusCode} ${res.body}`);
  appTokens.push({ id: Number(v.id), headers: { authorization: `Bearer ${res.json().access_token}` } });
}

// The raw SQL of a queue's rows, by hand: the awaiting videos (no verdict, no volunteer's review of
// the day), escalated (past H hours, or no active volunteer of the day) or the volunteer's own.
const rowsOf = (where: string, order: string) =>
  sql.raw(`select d.id, d.uuid, d.video, d.date::text as date, d.late_remark,
      json_build_object('id', p.id, 'name', p.name, 'SP_code', p."SP_code", 'RR_code', p."RR_code", 'DRTB_code', p."DRTB_code") as patient,
      json_build_object('id', t.id, 'name', t.name) as township,
      case when v.id is null then null else json_build_object('id', v.id, 'name', v.name, 'code', v.code) end as volunteer,
      d.created_at as sent_at, floor(extract(epoch from (now() - d.created_at)) / 3600)::int as hours_waited
    from dots d join patients p on p.id = d.patient_id
    left join townships t on t.id = p.township_id
    left join change_volunteers cv on cv.id = d.change_volunteer_id
    left join volunteers v on v.id = cv.volunteer_id
    where d.work = 3 and d.video is not null and d.review_dose_taken is null and p.status = 1
      and not exists (select 1 from dots r where r.patient_id = d.patient_id and r.date = d.date and r.work = 2)
      and ${where}
    order by d.date, d.id ${order}`);
const escalated = `(d.created_at <= now() - interval '${H} hours' or v.id is null or v.status <> 1)`;
const rawQueue = (scope: string, offset: number) =>
  Promise.all([
    query(rowsOf(`${escalated} ${scope}`, `limit ${PATIENT_PAGE_SIZE} offset ${offset}`)),
    query(
      sql.raw(`select count(*) from dots d join patients p on p.id = d.patient_id
        left join change_volunteers cv on cv.id = d.change_volunteer_id left join volunteers v on v.id = cv.volunteer_id
        where d.work = 3 and d.video is not null and d.review_dose_taken is null and p.status = 1
          and not exists (select 1 from dots r where r.patient_id = d.patient_id and r.date = d.date and r.work = 2)
          and ${escalated} ${scope}`),
    ),
  ]);
const inFo = `and p.township_id in (${foTownships.join(',')})`;

const [counts] = await query(
  sql`select (select count(*) from dots) as visits,
    (select count(*) from dots d where d.work = 3 and d.video is not null and d.review_dose_taken is null) as awaiting`,
);
const [staffTotal] = await rawQueue('', 0).then(([, c]) => c);
console.log(
  `${db.kind}, ${patientCount} VOT patients, ${counts!.visits} visits, ${counts!.awaiting} videos awaiting a verdict (${staffTotal!.count} in the staff queue), ready in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${requests} requests a line`,
);

console.log('\nthe staff queue (GET video-reviews), against its raw SQL (page and count at once)');
await measure(
  'MEAL queue, pages 1–5',
  requests,
  (i) => api.get(`/api/v1/video-reviews?page=${1 + (i % 5)}`, meal),
  (i) => rawQueue('', (i % 5) * PATIENT_PAGE_SIZE),
);
await measure(
  'Field Officer queue, first page',
  requests,
  () => api.get('/api/v1/video-reviews?page=1', fo),
  () => rawQueue(inFo, 0),
);

console.log("\na volunteer's own queue (GET app/video-reviews), against its raw SQL");
const own = (volunteerId: number) =>
  query(rowsOf(`d.created_at > now() - interval '${H} hours' and cv.volunteer_id = ${volunteerId}`, 'limit 200'));
const queued = await Promise.all(appTokens.map((v) => own(v.id)));
console.log(`  ${appTokens.length} volunteers, ${queued.map((q) => q.length).join(', ')} videos in their queues`);
await measure(
  'volunteer queue (app)',
  requests,
  (i) => api.get('/api/v1/app/video-reviews', appTokens[i % appTokens.length]!.headers),
  (i) => own(appTokens[i % appTokens.length]!.id),
);

// A verdict: the API on one awaiting video, the raw SQL on another, alternately (each video takes
// one verdict): the patient's lock, the verdict columns, the roll-up after a verdict (the pending
// day's update, else the rebuild) and the audit entry, in one transaction.
const awaiting = (await query(rowsOf(escalated, `limit ${2 * requests}`))).map((r) => Number(r.id));
const patientOf = new Map(
  (await query(sql`select id, patient_id from dots where id in ${awaiting.length ? awaiting : [0]}`)).map((r) => [
    Number(r.id),
    Number(r.patient_id),
  ]),
);
const rollUps = { updated: 0, rebuilt: 0 };
const rawVerdict = (id: number, volunteer: number | null) =>
  db.handle.db.transaction(async (tx) => {
    const patient = patientOf.get(id)!;
    const locked = await lockPatients(tx as never, [patient]);
    await tx.execute(
      sql`update dots set review_dose_taken = true, review_remark = null, reviewed_at = now(), reviewed_by = null,
        reviewed_by_volunteer = ${volunteer}, updated_at = now() where id = ${id}`,
    );
    rollUps[await locked.rollUpVerdict({ id, patient_id: patient })] += 1;
    await tx.execute(
      sql`insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip)
        values (null, 'bench', 'update', 'dots', ${id}, '{}'::jsonb, '{}'::jsonb, '127.0.0.1')`,
    );
  });
const post = async (url: string, headers: Record<string, string>) => {
  const res = await api.app.inject({ method: 'POST', url, headers, payload: { dose_taken: true } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
};
console.log('\na verdict (POST video-reviews/{id}), the ledger refreshed, against the same work in raw SQL');
if (awaiting.length >= 2 * requests)
  await measure(
    'MEAL verdict',
    requests,
    (i) => post(`/api/v1/video-reviews/${awaiting[2 * i]}`, meal),
    (i) => rawVerdict(awaiting[2 * i + 1]!, null),
  );
const volunteerVideos = queued.flatMap((q, v) => q.map((r) => ({ id: Number(r.id), v })));
const patients2 = await query(
  sql`select id, patient_id from dots where id in ${volunteerVideos.length ? volunteerVideos.map((x) => x.id) : [0]}`,
);
for (const r of patients2) patientOf.set(Number(r.id), Number(r.patient_id));
const pairs = Math.floor(volunteerVideos.length / 2);
if (pairs >= 5)
  await measure(
    `volunteer verdict (app, ${pairs} pairs)`,
    pairs,
    (i) => {
      const x = volunteerVideos[2 * i]!;
      return post(`/api/v1/app/video-reviews/${x.id}`, appTokens[x.v]!.headers);
    },
    (i) => {
      const x = volunteerVideos[2 * i + 1]!;
      return rawVerdict(x.id, appTokens[x.v]!.id);
    },
  );

console.log(`  the raw verdicts' roll-ups: ${rollUps.updated} pending days updated, ${rollUps.rebuilt} rebuilt`);

// The targets: the queue pages p95 ≤ 30 ms and ≤ 2× the raw SQL; a verdict p95 ≤ 20 ms.
summary(30, 2, (label) => label.includes('queue'));
summary(20, null, (label) => label.includes('verdict'));
await api.close();
