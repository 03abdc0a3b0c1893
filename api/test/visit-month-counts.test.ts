import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { changeVolunteers, dots, patients } from '../src/db/schema';
import { rowsOf } from '../src/db/rows';
import { appSignIn, appWorld, ownVisit, PNG_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { dashboardData, type DashboardData } from './dashboard-fixtures';
import { backends, useApp, type Client, type TestApp } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * visit_month_counts (migrations 0013 and 0018, kept by triggers on dots: the volunteers' own
 * records, OWN below) and the dashboards that read it (api/src/routes/reports/dashboards/visit-counts.ts)
 * against the reference: scans of the visit records, kept here as raw SQL. After each kind of write
 * (inserts, a record moved to another volunteer, month, patient or work, deletes, a rolled back
 * transaction, concurrent writers, truncate) the roll-up equals the records grouped, and the monthly
 * volunteer report's visit indicators (1–4) and the volunteer dashboard's reported volunteers equal
 * the scans, for periods that start and end on and between month boundaries.
 */

/** A volunteer's own record: an own visit or a video review sent from the app. */
const OWN = sql.raw(`d.created = 'app' and d.work in (1, 2)`);

type Db = TestApp['handle']['db'];

interface Filter {
  start?: string;
  end?: string;
  township?: number;
  volunteer?: number;
}

/** The periods: every date, whole months, each end within a month, no whole month at all, open ends, a leap day, a year's turn. */
const PERIODS: Filter[] = [
  {},
  { start: '2024-03-01', end: '2024-04-30' },
  { start: '2024-03-15', end: '2024-05-10' },
  { start: '2024-04-02', end: '2024-04-20' },
  { start: '2024-03-31', end: '2024-04-01' },
  { start: '2024-04-01', end: '2024-05-10' },
  { start: '2024-03-15', end: '2024-04-30' },
  { start: '2024-04-02' },
  { end: '2024-04-15' },
  { start: '2024-02-29', end: '2024-02-29' },
  { start: '2023-12-15', end: '2024-01-31' },
  { start: '2023-12-31', end: '2024-03-01' },
];

const query = (f: Filter) =>
  new URLSearchParams(
    Object.entries({ start_date: f.start, end_date: f.end, township_id: f.township, volunteer_id: f.volunteer })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

const dayCondition = (column: string, f: Filter) =>
  sql.raw([f.start ? `${column} >= '${f.start}'` : 'true', f.end ? `${column} <= '${f.end}'` : 'true'].join(' and '));
const is = (column: string, value: number | undefined) =>
  sql.raw(value === undefined ? 'true' : `${column} = ${value}`);

/** The monthly volunteer report's visit query before the roll-up (indicators 1–4), keyed total / township / month. */
async function scanReport(db: Db, f: Filter, townships?: number[]): Promise<Record<string, number[]>> {
  const rows = await rowsOf<{ township: string | null; month: string | null; figures: number[] }>(
    db,
    sql`select t.name as township, to_char(d.date, 'YYYY-MM') as month,
        array[count(distinct d.patient_id), count(*) filter (where d.work_status is true), count(*) filter (where d.work_status is false),
          count(*) filter (where coalesce(d.late_remark, '') <> '')]::int[] as figures
      from dots d join change_volunteers cv on cv.id = d.change_volunteer_id join volunteers v on v.id = cv.volunteer_id join townships t on t.id = v.township_id
      where ${OWN} and v.status = 1 and ${is('v.township_id', f.township)} and ${is('v.id', f.volunteer)} and ${dayCondition('d.date', f)}
        and ${sql.raw(townships ? `v.township_id in (${townships.join(',')})` : 'true')}
      group by grouping sets ((), (t.name), (to_char(d.date, 'YYYY-MM')))`,
  );
  return keyed(
    rows.map((r) => [
      r.township !== null ? `township ${r.township}` : r.month !== null ? `month ${r.month}` : 'total',
      r.figures,
    ]),
  );
}

/** The API's answer in the same shape (indicators 1–4). */
function reportOf(data: {
  total_result: Record<string, number>;
  total_with_township_result: Point[];
  total_with_month_year_result: Point[];
}): Record<string, number[]> {
  const four = (c: Record<string, number>) => [c.indicator_1!, c.indicator_2!, c.indicator_3!, c.indicator_4!];
  return keyed([
    ['total', four(data.total_result)],
    ...data.total_with_township_result.map((p): [string, number[]] => [`township ${p.name}`, four(p.counts)]),
    ...data.total_with_month_year_result.map((p): [string, number[]] => [`month ${p.name}`, four(p.counts)]),
  ]);
}
type Point = { name: string; counts: Record<string, number> };
/** Entries with a figure (a township or month with community activities only has no visit figures). */
const keyed = (entries: [string, number[]][]) =>
  Object.fromEntries(entries.filter(([, n]) => n.some((v) => v !== 0)).sort(([a], [b]) => a.localeCompare(b)));

/** The volunteer dashboard's reported volunteers before the roll-up. */
async function scanReported(db: Db, f: Filter): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from volunteers v where v.status = 1 and ${is('v.township_id', f.township)}
      and (exists (select 1 from dots d join change_volunteers cv on cv.id = d.change_volunteer_id where ${OWN} and cv.volunteer_id = v.id and ${dayCondition('d.date', f)})
        or exists (select 1 from communities m where m.volunteer_id = v.id and ${dayCondition('m.date', f)}))`,
  );
  return row!.n;
}

/** The roll-up as stored, and as the records grouped give it. */
const stored = (db: Db) =>
  rowsOf(
    db,
    sql`select change_volunteer_id, month::text, patient_id, volunteer_id, visits, work_true, work_false, late from visit_month_counts order by 1, 2, 3`,
  );
const recomputed = (db: Db) =>
  rowsOf(
    db,
    sql`select coalesce(d.change_volunteer_id, 0) as change_volunteer_id, date_trunc('month', d.date::timestamp)::date::text as month, d.patient_id,
        min(cv.volunteer_id) as volunteer_id, count(*)::int as visits,
        (count(*) filter (where d.work_status is true))::int as work_true, (count(*) filter (where d.work_status is false))::int as work_false,
        (count(*) filter (where coalesce(d.late_remark, '') <> ''))::int as late
      from dots d left join change_volunteers cv on cv.id = d.change_volunteer_id where ${OWN} group by 1, 2, 3 order by 1, 2, 3`,
  );

/** A fixed pseudo-random sequence (the data set is the same on every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

for (const backend of await backends()) {
  describe(`visit_month_counts and the dashboards reading it on ${backend.name}`, () => {
    const t = useApp(backend);
    const db = () => t.handle.db;
    let meal: Client;
    let officer: Client;
    let d: DashboardData;
    /** Change-volunteer entries beyond the fixture's: p1 with U Ba from 15 April, p7 (Insein) with U Hla, p4 with the trashed volunteer, p5 (trash) with U Ba. */
    let e: {
      p1: number;
      p4: number;
      p7: number;
      cv1: number;
      cv1b: number;
      cv4: number;
      cv4t: number;
      cv5: number;
      cv7: number;
      p5: number;
    };
    let serial = 0;

    const data = async (client: Client, url: string) => {
      const res = await client.get(`${url}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data;
    };

    /** After a write: the roll-up is the records grouped (no row of 0), and every figure is the scan's. */
    async function kept(what: string) {
      assert.deepEqual(await stored(db()), await recomputed(db()), `${what}: roll-up`);
      const [empty] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from visit_month_counts where visits <= 0 or work_true < 0 or work_false < 0 or late < 0`,
      );
      assert.equal(empty!.n, 0, `${what}: rows of 0 are deleted`);
      for (const period of PERIODS) {
        const label = `${what}, ${query(period) || 'all dates'}`;
        for (const f of [
          period,
          { ...period, township: d.ins },
          { ...period, volunteer: d.v1 },
          { ...period, volunteer: d.v2 },
        ]) {
          assert.deepEqual(
            reportOf(await data(meal, `volunteer-report-dashboard?${query(f)}`)),
            await scanReport(db(), f),
            `${label}: volunteer report ${query(f)}`,
          );
        }
        assert.deepEqual(
          reportOf(await data(officer, `volunteer-report-dashboard?${query(period)}`)),
          await scanReport(db(), period, [d.hty]),
          `${label}: Field Officer's report`,
        );
        for (const f of [period, { ...period, township: d.hty }]) {
          assert.equal(
            (await data(meal, `volunteer-dashboard?${query(f)}`)).reported_volunteers,
            await scanReported(db(), f),
            `${label}: reported volunteers ${query(f)}`,
          );
        }
      }
    }

    const visit = (
      patient_id: number,
      change_volunteer_id: number | null,
      date: string,
      work_status: boolean | null,
      late_remark: string | null = null,
    ) => ({
      uuid: `vmc-${backend.name}-${++serial}`,
      patient_id,
      change_volunteer_id,
      date,
      work: change_volunteer_id ? 2 : 6,
      work_status,
      late_remark,
      created: 'app',
    });
    const ids = async (where: ReturnType<typeof sql>) =>
      (await rowsOf<{ id: number }>(db(), sql`select id from dots where ${where} order by id`)).map((r) => r.id);
    const exec = (q: ReturnType<typeof sql>) => db().execute(q);

    before(async () => {
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      officer = await t.signInAs('Field Officer');
      d = await dashboardData(t);
      const [entry1, entry4] = await rowsOf<{ id: number; patient_id: number }>(
        db(),
        sql`select id, patient_id from change_volunteers order by id`,
      );
      const [p5] = await rowsOf<{ id: number }>(db(), sql`select id from patients where status = 0`);
      const [p7] = await db()
        .insert(patients)
        .values({
          year: 2024,
          township_id: d.ins,
          code: 'VMC-P7',
          password_hash: 'x',
          name: 'P7',
          age: 33,
          sex: 'Male',
          treatment_regimen: '1. LTR',
          patient_address: 'Ward 9',
          patient_phone_no: '0942999999',
          contact_info: 'Wife',
          contact_phone_no: '0942999',
          primary_language: 'Burmese',
          height: 170,
          weight: 60,
          BMI: 20.8,
          VOT_eligible: 'Yes',
          VOT_accept: 'Yes',
          DOT_start_date: '2023-12-20',
          pure_or_hybrid: 'Pure',
          volunteer_id: d.v4,
          created_at: new Date('2023-12-19T05:00:00Z'),
        })
        .returning({ id: patients.id });
      const [cv1b, cv4t, cv5, cv7] = await db()
        .insert(changeVolunteers)
        .values([
          {
            patient_id: entry1!.patient_id,
            change_date: '2024-04-15',
            pure_or_hybrid: 'Pure',
            with_volunteer: 'Yes',
            volunteer_id: d.v2,
            type: 'App',
          },
          {
            patient_id: entry4!.patient_id,
            change_date: '2024-05-15',
            pure_or_hybrid: 'Pure',
            with_volunteer: 'Yes',
            volunteer_id: d.trashed,
            type: 'App',
          },
          {
            patient_id: p5!.id,
            change_date: '2024-01-01',
            pure_or_hybrid: 'Pure',
            with_volunteer: 'Yes',
            volunteer_id: d.v2,
            type: 'App',
          },
          {
            patient_id: p7!.id,
            change_date: '2023-12-20',
            pure_or_hybrid: 'Pure',
            with_volunteer: 'Yes',
            volunteer_id: d.v4,
            type: 'No App',
          },
        ])
        .returning({ id: changeVolunteers.id });
      e = {
        p1: entry1!.patient_id,
        p4: entry4!.patient_id,
        p7: p7!.id,
        p5: p5!.id,
        cv1: entry1!.id,
        cv1b: cv1b!.id,
        cv4: entry4!.id,
        cv4t: cv4t!.id,
        cv5: cv5!.id,
        cv7: cv7!.id,
      };
    });

    it('follows a multi-row insert, and the migration backfills the same rows from the records', async () => {
      await kept('the fixture');
      // About 200 records over December 2023 to May 2024, on month ends and firsts, some late, some without status or entry.
      const next = random(14);
      const rows = [];
      const series: [number, number | null, string, number][] = [
        [e.p1, e.cv1, '2024-01-20', 85],
        [e.p4, e.cv4, '2024-05-10', 20],
        [e.p7, e.cv7, '2023-12-20', 70],
        [e.p5, e.cv5, '2024-01-01', 40],
        [e.p4, null, '2024-02-25', 10],
      ];
      for (const [patient, entry, start, n] of series) {
        for (let i = 0; i < n; i++) {
          const day = new Date(`${start}T00:00:00Z`);
          day.setUTCDate(day.getUTCDate() + i + Math.floor(next() * 2));
          const r = next();
          rows.push(
            visit(
              patient,
              entry,
              day.toISOString().slice(0, 10),
              r < 0.7 ? true : r < 0.9 ? false : null,
              next() < 0.15 ? 'No network' : next() < 0.1 ? '' : null,
            ),
          );
        }
      }
      await db().insert(dots).values(rows);
      await kept('a multi-row insert');
      // The latest migration's backfill (its last statement) makes the same rows from the records.
      const migration = await readFile(join(MIGRATIONS_FOLDER, '0018_visit_counts_volunteer_records.sql'), 'utf8');
      const backfill = migration.slice(
        migration.lastIndexOf('--> statement-breakpoint') + '--> statement-breakpoint'.length,
      );
      const before = await stored(db());
      await exec(sql`delete from visit_month_counts`);
      await exec(sql.raw(backfill));
      assert.deepEqual(await stored(db()), before, 'the backfill');
    });

    it('follows records moved to another volunteer (many in one statement, and one) and an entry changing volunteer', async () => {
      // p1's records from 15 April go under the new entry (U Ba): they leave Daw Aye's months and join his.
      await exec(
        sql`update dots set change_volunteer_id = ${e.cv1b} where patient_id = ${e.p1} and date >= '2024-04-15'`,
      );
      await kept('records moved to another volunteer');
      const [one] = await ids(sql`change_volunteer_id = ${e.cv4} and date > '2024-05-15'`);
      await exec(sql`update dots set change_volunteer_id = ${e.cv4t} where id = ${one!}`);
      await kept('a record moved to a volunteer in the trash');
      const [orphan] = await ids(sql`change_volunteer_id = ${e.cv7}`);
      await exec(sql`update dots set change_volunteer_id = null where id = ${orphan!}`);
      await kept('a record taken out of its entry');
      // An entry given to another volunteer (a data fix: no route does it) takes its months along.
      await exec(sql`update change_volunteers set volunteer_id = ${d.v1} where id = ${e.cv5}`);
      await kept("an entry's volunteer changed");
      await exec(sql`update change_volunteers set volunteer_id = ${d.v2} where id = ${e.cv5}`);
      await kept("an entry's volunteer changed back");
    });

    it('follows records moved to another month, day or patient', async () => {
      const moved = await ids(sql`change_volunteer_id = ${e.cv7} and date between '2024-01-25' and '2024-02-05'`);
      await exec(sql`update dots set date = date + 20 where id in ${moved}`);
      await kept('records moved 20 days on (into the next month)');
      const [back] = await ids(sql`change_volunteer_id = ${e.cv5} and date between '2024-02-01' and '2024-02-28'`);
      await exec(sql`update dots set date = '2024-01-31' where id = ${back!}`);
      await kept('a record moved back to the last day of the month before');
      const [within] = await ids(sql`change_volunteer_id = ${e.cv1} and date between '2024-03-02' and '2024-03-28'`);
      await exec(sql`update dots set date = date + 1 where id = ${within!}`);
      await kept('a record moved a day within its month');
      const [other] = await ids(sql`patient_id = ${e.p4} and change_volunteer_id is null`);
      await exec(sql`update dots set patient_id = ${e.p7}, change_volunteer_id = ${e.cv7} where id = ${other!}`);
      await kept('a record moved to another patient and entry');
    });

    it('follows the work, its status and the late remark changing, and ignores changes of other columns', async () => {
      await exec(
        sql`update dots set work = 1, work_status = not work_status where change_volunteer_id = ${e.cv5} and date between '2024-01-10' and '2024-01-20'`,
      );
      await kept('work status flipped');
      await exec(
        sql`update dots set work_status = null where change_volunteer_id = ${e.cv7} and date between '2024-03-01' and '2024-03-05'`,
      );
      await kept('work status cleared');
      await exec(
        sql`update dots set late_remark = case when coalesce(late_remark, '') = '' then 'Phone lost' else '' end where change_volunteer_id = ${e.cv1}`,
      );
      await kept('late remarks swapped');
      // Out of the volunteer's own records and back: a patient's video, a staff record, then a video review again.
      await exec(
        sql`update dots set work = 3 where change_volunteer_id = ${e.cv1} and date between '2024-01-10' and '2024-01-25'`,
      );
      await kept("records become the patient's videos");
      await exec(
        sql`update dots set created = 'dashboard', work = 5 where change_volunteer_id = ${e.cv7} and date < '2024-03-03'`,
      );
      await kept('records become staff records');
      await exec(
        sql`update dots set work = 2, created = 'app' where work in (3, 5) and change_volunteer_id in (${e.cv1}, ${e.cv7})`,
      );
      await kept('records become video reviews again');
      const before = await stored(db());
      await exec(sql`update dots set remark = 'checked', updated_at = now(), video = null`);
      assert.deepEqual(await stored(db()), before, 'an update of uncounted columns changes nothing');
      await kept('uncounted columns updated');
    });

    it('follows deletes, and a month that loses its last record loses its row', async () => {
      const [single] = await ids(sql`change_volunteer_id = ${e.cv4}`);
      await exec(sql`delete from dots where id = ${single!}`);
      await kept('one record deleted');
      await exec(
        sql`delete from dots where change_volunteer_id = ${e.cv7} and date >= '2024-02-01' and date < '2024-03-01'`,
      );
      const [gone] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from visit_month_counts where change_volunteer_id = ${e.cv7} and month = '2024-02-01'`,
      );
      assert.equal(gone!.n, 0);
      await kept('a whole month deleted');
    });

    it('is unchanged by a transaction that rolls back', async () => {
      const before = await stored(db());
      await assert.rejects(
        db().transaction(async (tx) => {
          await tx
            .insert(dots)
            .values([visit(e.p1, e.cv1, '2024-02-10', true), visit(e.p7, e.cv7, '2024-06-01', false, 'late')]);
          await tx.execute(sql`update dots set change_volunteer_id = ${e.cv1b} where change_volunteer_id = ${e.cv1}`);
          await tx.execute(sql`delete from dots where change_volunteer_id = ${e.cv5}`);
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.deepEqual(await stored(db()), before);
    });

    it('is exact under concurrent writers on the same months and entries (PostgreSQL: separate connections)', async () => {
      const writes = [];
      for (let i = 0; i < 8; i++) {
        const day = `2024-03-${String(10 + i).padStart(2, '0')}`;
        writes.push(
          db()
            .insert(dots)
            .values([
              visit(e.p7, e.cv7, day, i % 2 === 0),
              visit(e.p1, e.cv1, day, true, 'late'),
              visit(e.p5, e.cv5, day, false),
            ]),
        );
        writes.push(
          exec(
            sql`delete from dots where id = (select min(id) from dots where change_volunteer_id = ${[e.cv7, e.cv1, e.cv5][i % 3]!} and date < '2024-03-01')`,
          ),
        );
        writes.push(exec(sql`update dots set date = date + 1 where change_volunteer_id = ${e.cv5} and date = ${day}`));
        // The entry changing volunteer while its records are written: never half of each.
        writes.push(
          exec(sql`update change_volunteers set volunteer_id = ${i % 2 === 0 ? d.v1 : d.v4} where id = ${e.cv7}`),
        );
      }
      await Promise.all(writes);
      await kept('concurrent inserts, deletes and moves');
    });

    it('leaves the trash to the readers: a volunteer or patient trashed changes nothing stored', async () => {
      const before = await stored(db());
      await exec(
        sql`update volunteers set status = 0, recover_township_id = township_id, township_id = null where id = ${d.v2}`,
      );
      await exec(
        sql`update patients set status = 0, recover_township_id = township_id, township_id = null where id = ${e.p7}`,
      );
      assert.deepEqual(await stored(db()), before);
      await kept('a volunteer and a patient in the trash');
    });

    it('is emptied by a truncate of the records', async () => {
      await exec(sql`truncate dots`);
      assert.deepEqual(await stored(db()), []);
      const report = await data(meal, 'volunteer-report-dashboard');
      assert.deepEqual(report.total_result, {
        indicator_1: 0,
        indicator_2: 0,
        indicator_3: 0,
        indicator_4: 0,
        indicator_5: 2,
        indicator_6: 5,
        indicator_7: 3,
      });
      await kept('truncated');
    });
  });

  describe(`visit_month_counts kept by the routes' writes on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    const periods: Filter[] = [
      {},
      { start: daysAgo(5), end: daysAgo(0) },
      { start: daysAgo(45), end: daysAgo(1) },
      { start: daysAgo(12), end: daysAgo(3) },
    ];

    async function kept(what: string) {
      const db = t.handle.db;
      assert.deepEqual(await stored(db), await recomputed(db), `${what}: roll-up`);
      for (const f of periods) {
        const res = await w.meal.get(`volunteer-report-dashboard?${query(f)}`);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(reportOf(res.json().data), await scanReport(db, f), `${what}, ${query(f)}`);
      }
    }

    it('follows the no-app grid, app uploads (and their repeat) and dashboard visits', async () => {
      w = await appWorld(t);
      const entry = await w.meal.post('change-volunteers', {
        patient_id: w.b.id,
        change_date: daysAgo(8),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: w.places.volunteer1,
        type: 'No App',
      });
      assert.equal(entry.statusCode, 201, entry.body);
      const range = await w.meal.post('NoApp-DOTs', {
        patient_id: w.b.id,
        dates: [daysAgo(7), daysAgo(6), daysAgo(5), daysAgo(4)],
      });
      assert.equal(range.statusCode, 201, range.body);
      await kept('no-app range');
      const days = (range.json().data as { id: number; date: string }[]).sort((a, b) => a.date.localeCompare(b.date));
      for (const day of days.slice(0, 2))
        assert.equal((await w.meal.get(`change-status-NoApp-DOTs/${day.id}`)).statusCode, 200);
      await kept('no-app ticks');
      assert.equal((await w.meal.get(`delete-status-NoApp-DOTs/${days[0]!.id}`)).statusCode, 200);
      await kept('no-app reset');
      assert.equal((await w.meal.del(`NoApp-DOTs/${days[3]!.id}`)).statusCode, 200);
      await kept('no-app day deleted');

      const v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      const record = ownVisit(w.a.id, daysAgo(1), { late_remark: 'No network yesterday' });
      const sent = await sendVisit(v2, record, { sign: PNG_BYTES });
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal((await sendVisit(v2, record, { sign: PNG_BYTES })).statusCode, 200);
      const notTaken = await sendVisit(v2, { ...ownVisit(w.a.id, daysAgo(0)), work: 2, work_status: false });
      assert.equal(notTaken.statusCode, 201, notTaken.body);
      await kept('app uploads');
      const created = await w.meal.post('DOT-with-volunteer-dashboard', {
        patient_id: w.a.id,
        date: daysAgo(3),
        dose_taken: 'Yes',
        remark: 'Seen on a video call',
      });
      assert.equal(created.statusCode, 201, created.body);
      await kept('dashboard visit');
      assert.equal((await w.meal.del(`DOT/${created.json().data.id}`)).statusCode, 200);
      await kept('dashboard visit deleted');
    });
  });
}
