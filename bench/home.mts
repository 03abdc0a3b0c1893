// The home's one call at national scale: GET home as a Field Officer (2 townships: what waits today)
// and as a Project Officer (the nation: what waits, and the supervisors' review timeliness and staff
// sign-ins per township over four weeks), through the whole API (bearer check included), against the
// raw SQL of the same counts written by hand (the staff queue's total, the worklist's size and its
// due cases; for the supervisor also the videos of the period by township and the sign-ins by person).
//
//   api/node_modules/.bin/tsx bench/home.mts [patients] [visits] [requests]
//   defaults: PostgreSQL 20 000 VOT patients, 10 000 000 visits, 60 requests; PGlite 2 000, 500 000, 30.
//   DATABASE_URL=postgres://…/vot_bench_home: a database of its own (createdb), which the bench fills
//   and keeps: a second run of the same size reuses the visits (BENCH_REGENERATE=1 to make them again).
import { performance } from 'node:perf_hooks';
import { FOLLOW_UP_THRESHOLD } from '@vot/shared/domain';
import { measure, startApi, summary, sql } from './harness.mts';
import { openNationalBench } from './visits-data.mts';

const { db, patientCount, requests, t0, foTownships } = await openNationalBench({
  email: 'po@vot.bench',
  role: 'Project Officer',
});
const N = FOLLOW_UP_THRESHOLD;
/** A bench video still awaiting a verdict. */
const AWAITS = sql.raw('((d.date >= current_date - 3 and d.id % 3 = 0) or d.id % 20 = 0)');

const { query } = db;
// The patients' own videos of the last four weeks have their files, arrived a few hours after their
// day. Those of the last three days await a verdict one in three, the older ones one in twenty (the
// queue's backlog); of the rest, one in five was reviewed after four days, the others within a day
// and a half. A Field Officer in each of 20 townships signed in on two weekdays in three (few
// accounts: the next run deletes them, and each account's delete checks the visits' reviewed_by).
await db.step(
  'videos',
  sql`update dots d set video = md5(d.uuid) || '.webm', created_at = d.date + interval '20 hours',
      review_dose_taken = case when ${AWAITS} then null else true end,
      reviewed_at = case when ${AWAITS} then null when d.id % 5 = 1 then d.date + interval '5 days'
        else d.date + interval '30 hours' end
    where d.work = 3 and d.date >= current_date - 28`,
);
await db.exec(sql`delete from sessions where user_id in (select id from users where email like '%@staff.bench')`);
await db.exec(sql`delete from users where email like '%@staff.bench'`);
await db.step(
  'staff and sign-ins',
  sql`with u as (
      insert into users (name, email, role, password_hash)
      select 'Officer ' || t.id, 'fo' || t.id || '@staff.bench', 'Field Officer', 'x' from townships t
      order by t.id limit 20 returning id, email
    ), ut as (
      insert into user_townships (user_id, township_id) select u.id, substring(u.email from 'fo(\\d+)@')::int from u
    )
    insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
    select u.id, md5(u.id || '-' || k), now() - make_interval(days => k), now() - make_interval(days => k), now()
    from u cross join generate_series(0, 27) k where (u.id + k) % 3 <> 0`,
);
await db.exec(sql`vacuum analyze dots`);
await db.exec(sql`analyze sessions`);
const api = await startApi(db);
const po = await api.bearer('po@vot.bench');
const fo = await api.bearer('fo@vot.bench');
const [counts] = await query(
  sql`select (select count(*) from dots) as visits,
    (select count(*) from dots where work = 3 and video is not null) as videos,
    (select count(*) from dots where work = 3 and video is not null and review_dose_taken is null) as awaiting,
    (select count(*) from sessions) as sign_ins`,
);
console.log(
  `${db.kind}, ${patientCount} VOT patients, ${counts!.visits} visits, ${counts!.videos} videos (${counts!.awaiting} awaiting), ${counts!.sign_ins} sign-ins, ready in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${requests} requests a line`,
);

const today = sql.raw(`(now() at time zone 'Asia/Yangon')::date`);
/** The counts that wait today, by hand: the staff queue's total, the worklist and its cases due. */
const rawWaiting = (scope: string) =>
  Promise.all([
    query(sql`select count(*) from dots d join patients p on p.id = d.patient_id
      where d.work = 3 and d.video is not null and d.review_dose_taken is null and p.status = 1 ${sql.raw(scope)}
        and not exists (select 1 from dots r where r.patient_id = d.patient_id and r.date = d.date and r.work = 2)`),
    query(sql`select count(*), count(*) filter (where coalesce(f.next_date, r.missed_since + ${N}::int) <= ${today})
      from patient_ledgers r join patients p on p.id = r.patient_id
      left join lateral (select f.next_date from follow_ups f where f.patient_id = r.patient_id and f.case_since >= r.missed_since
        order by f.case_since desc, f.id desc limit 1) f on true
      where r.end_date is null and r.missed_since <= ${today} - ${N}::int and p.status = 1 and p."DOT_end_date" is null ${sql.raw(scope)}`),
  ]);
/** The supervisors' figures, by hand: the period's videos by township, and sign-ins by person. */
const rawSupervision = () =>
  Promise.all([
    rawWaiting(''),
    query(sql`select p.township_id, count(*) filter (where d.reviewed_at <= d.created_at + interval '72 hours')
      from dots d join patients p on p.id = d.patient_id
      where d.work = 3 and d.video is not null and d.date >= ${today} - 27 and p.status = 1 group by p.township_id`),
    query(sql`select u.id, ut.township_id, count(distinct (s.created_at at time zone 'Asia/Yangon')::date)
      from users u left join user_townships ut on ut.user_id = u.id
      left join sessions s on s.user_id = u.id and s.created_at >= now() - interval '28 days'
      group by u.id, ut.township_id`),
  ]);

console.log('\nthe home (GET home), against its raw SQL');
await measure(
  'Field Officer home',
  requests,
  () => api.get('/api/v1/home', fo),
  () => rawWaiting(`and p.township_id in (${foTownships.join(',')})`),
);
await measure(
  'Project Officer home (the nation, with the supervisors’ figures)',
  requests,
  () => api.get('/api/v1/home', po),
  () => rawSupervision(),
);
summary(30, 2);
await api.close();
