import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LedgerSummary, Patient } from '@vot/shared/schemas';
import { dots } from '../src/db/schema';
import {
  ledgerSummarySql,
  ledgerToday,
  missedBandAsOfSql,
  refreshAllLedgers,
  rolledUpMissedRunSql,
  rolledUpSummarySql,
  rollupDriftSql,
} from '../src/ledger';
import { rowsOf } from '../src/db/rows';
import { appSignIn, appWorld, ownVisit, PNG_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client, type TestApp } from './helpers';
import { daysAgo, eligiblePatient, votPatientInDb, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * The dose ledger's roll-up (api/src/ledger/rollup.ts) against the live ledger (the reference,
 * api/src/ledger/sql.ts): the same summaries for every edge case, as of any day from the last record
 * on; the same group 6 bands from the monthly roll-up as of any day, past ones included; and kept by
 * every write path through the HTTP routes.
 */

const live = (db: TestApp['handle']['db'], asOf: string) =>
  rowsOf<LedgerSummary>(db, sql`${ledgerSummarySql(undefined, asOf)} order by t.patient_id`);
const rolledUp = (db: TestApp['handle']['db'], asOf: string) =>
  rowsOf<LedgerSummary>(db, sql`${rolledUpSummarySql(undefined, asOf)} order by t.patient_id`);
const drift = async (db: TestApp['handle']['db']) =>
  (await rowsOf<{ patient_id: number }>(db, rollupDriftSql())).map((r) => r.patient_id);

for (const backend of await backends()) {
  describe(`Dose ledger roll-up on ${backend.name}`, () => {
    const t = useApp(backend);
    let fo: Client;
    let places: VotPlaces;
    const db = () => t.handle.db;

    /** A patient on VOT from `start` with these records (date, work, status, a video's verdict). */
    async function votPatient(
      start: string | null,
      records: [string, number, boolean | null, (boolean | null)?][],
      options: { end?: string; type?: 'App' | 'No App'; accept?: string } = {},
    ) {
      const p = await votPatientInDb(db(), fo, places, start, options);
      for (const [date, work, status, review] of records) await p.record(date, work, status, review ?? null);
      return p.id;
    }

    // Sets up the edge cases of the ledger across three months
    before(async () => {
      places = await votPlaces(db());
      fo = await t.signInAs('Field Officer');
      // Records before the start, two on a day (not taken + a dashboard visit: observed), a video without status, month ends.
      await votPatient('2026-01-20', [
        ['2026-01-18', 1, true],
        ['2026-01-20', 1, true],
        ['2026-01-21', 2, false],
        ['2026-01-21', 5, null],
        ['2026-01-31', 1, true],
        ['2026-02-01', 2, false],
        ['2026-02-15', 1, true],
        ['2026-02-28', 1, true],
        ['2026-02-28', 2, true],
        ['2026-03-01', 3, null],
        ['2026-03-10', 1, true],
      ]);
      // Ended VOT: records after the end do not count.
      await votPatient(
        '2026-01-10',
        [
          ['2026-01-10', 1, true],
          ['2026-01-12', 1, true],
          ['2026-02-04', 1, true],
          ['2026-02-06', 1, true],
          ['2026-02-10', 1, true],
        ],
        { end: '2026-02-05', type: 'App' },
      );
      // No-app boxes: ticked, not achieved, unmarked, and an unmarked box on the last day.
      await votPatient(
        '2026-02-01',
        [
          ['2026-02-01', 6, true],
          ['2026-02-02', 6, false],
          ['2026-02-03', 6, null],
          ['2026-03-10', 6, null],
        ],
        { type: 'No App' },
      );
      await votPatient('2026-02-20', []); // on VOT, nothing recorded
      await votPatient('2026-02-20', [['2026-02-21', 5, null]], { accept: 'No' }); // declined: no ledger
      await votPatient('2026-03-20', []); // starts after some as-of days
      await votPatient('2026-03-01', [['2026-03-10', 2, false]]); // the last day decided, not observed
      await votPatient(
        '2026-01-01',
        [
          ['2026-01-31', 1, true],
          ['2026-03-10', 1, true],
        ],
        { end: '2026-03-10', type: 'App' },
      ); // ends on the last day
      // Patients' videos: awaiting review across a month end (review time into March), reviewed not
      // taken by the volunteer (work 2) and by a verdict on the video, reviewed taken; supervisors' visits.
      await votPatient('2026-02-20', [
        ['2026-02-20', 3, null, false],
        ['2026-02-21', 3, null],
        ['2026-02-21', 2, false],
        ['2026-02-22', 4, true],
        ['2026-02-23', 1, true],
        ['2026-02-24', 3, null, true],
        ['2026-02-27', 3, null],
        ['2026-02-28', 3, null],
        ['2026-03-01', 4, null],
        ['2026-03-02', 3, null],
        ['2026-03-08', 3, null],
        ['2026-03-09', 5, null],
        ['2026-03-10', 3, null],
      ]);
      await refreshAllLedgers(db());
      assert.deepEqual(await drift(db()), []);
      assert.equal((await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from patient_ledgers`))[0]!.n, 8);
    });

    it('gives the live summaries as of the last record day and any later day', async () => {
      for (const asOf of [
        '2026-03-10',
        '2026-03-11',
        '2026-03-12',
        '2026-03-13',
        '2026-03-14',
        '2026-03-31',
        '2026-04-01',
        ledgerToday(),
      ]) {
        const expected = await live(db(), asOf);
        assert.equal(expected.length, 8);
        assert.deepEqual(await rolledUp(db(), asOf), expected, asOf);
      }
    });

    it('lists the same missed runs as the summaries, of the patients whose VOT has no end date', async () => {
      const open = new Set(
        (await rowsOf<{ id: number }>(db(), sql`select id from patients where "DOT_end_date" is null`)).map(
          (r) => r.id,
        ),
      );
      for (const asOf of ['2026-03-10', '2026-03-11', '2026-03-25', ledgerToday()]) {
        const summaries = (await live(db(), asOf)).filter((s) => open.has(s.patient_id));
        for (const n of [1, 2, 3, 5, 40]) {
          const listed = await rowsOf<{ id: number }>(
            db(),
            sql`select patients.id from patients where ${rolledUpMissedRunSql(n, asOf)} order by patients.id`,
          );
          assert.deepEqual(
            listed.map((r) => r.id),
            summaries.filter((s) => s.current_missed_run >= n).map((s) => s.patient_id),
            `${asOf}, ${n} days`,
          );
        }
      }
    });

    it("gives group 6's bands from the monthly roll-up as of any day, past ones included", async () => {
      const days = [
        '2026-01-09',
        '2026-01-15',
        '2026-01-20',
        '2026-01-21',
        '2026-01-31',
        '2026-02-01',
        '2026-02-02',
        '2026-02-05',
        '2026-02-22',
        '2026-02-24',
        '2026-02-28',
        '2026-03-01',
        '2026-03-02',
        '2026-03-03',
        '2026-03-04',
        '2026-03-05',
        '2026-03-09',
        '2026-03-10',
        '2026-03-31',
        ledgerToday(),
      ];
      for (const asOf of days) {
        const expected = (await live(db(), asOf)).map((s) => ({
          patient_id: s.patient_id,
          missed_band: s.missed_band,
        }));
        const bands = await rowsOf<{ patient_id: number; missed_band: string | null }>(
          db(),
          sql`${missedBandAsOfSql(undefined, asOf)} order by t.patient_id`,
        );
        assert.deepEqual(bands, expected, asOf);
      }
    });

    it('finds drift: a record written without the refresh', async () => {
      const [someone] = await rowsOf<{ patient_id: number }>(
        db(),
        sql`select patient_id from patient_ledgers order by patient_id limit 1`,
      );
      await db().insert(dots).values({
        uuid: randomUUID(),
        patient_id: someone!.patient_id,
        date: '2026-03-05',
        work: 5,
        created: 'dashboard',
      });
      assert.deepEqual(await drift(db()), [someone!.patient_id]);
      await refreshAllLedgers(db());
      assert.deepEqual(await drift(db()), []);
    });
  });

  describe(`Dose ledger roll-up kept by every write on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let noApp: Patient;

    /** After each write: nothing drifted, and the lists' summaries are the live ones. */
    async function kept(what: string) {
      assert.deepEqual(await drift(t.handle.db), [], what);
      const today = ledgerToday();
      assert.deepEqual(await rolledUp(t.handle.db, today), await live(t.handle.db, today), what);
    }

    // Sets up patients on VOT through the routes (move to VOT, change-volunteer entries)
    before(async () => {
      w = await appWorld(t);
      noApp = await eligiblePatient(w.meal, w.places.hty, 60);
      assert.equal(
        (await w.meal.update(`move-to-DOT/${noApp.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(20) })).statusCode,
        200,
      );
      await kept('move to VOT');
      const entry = await w.meal.post('change-volunteers', {
        patient_id: noApp.id,
        change_date: daysAgo(20),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: w.places.volunteer1,
        type: 'No App',
      });
      assert.equal(entry.statusCode, 201, entry.body);
      await kept('change-volunteer entry');
      const [row] = await rowsOf<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from patient_ledgers where patient_id in (${w.a.id}, ${w.b.id}, ${noApp.id})`,
      );
      assert.equal(row!.n, 3);
    });

    it('follows app uploads (a repeat changes nothing) and dashboard creates and deletes', async () => {
      const v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      const record = ownVisit(w.a.id, daysAgo(1), { late_remark: 'No network yesterday' });
      const sent = await sendVisit(v2, record, { sign: PNG_BYTES });
      assert.equal(sent.statusCode, 201, sent.body);
      await kept('app upload');
      assert.equal((await sendVisit(v2, record, { sign: PNG_BYTES })).statusCode, 200);
      await kept('app upload repeated');
      const notTaken = await sendVisit(v2, { ...ownVisit(w.b.id, daysAgo(0)), work: 2, work_status: false });
      assert.equal(notTaken.statusCode, 201, notTaken.body);
      await kept('app upload, not taken today');
      const created = await w.meal.post('DOT-with-volunteer-dashboard', {
        patient_id: w.a.id,
        date: daysAgo(3),
        dose_taken: 'Yes',
        remark: 'Seen on a video call',
      });
      assert.equal(created.statusCode, 201, created.body);
      await kept('dashboard create');
      const before = (
        await rowsOf<LedgerSummary>(
          t.handle.db,
          sql`${rolledUpSummarySql(sql`patients.id = ${w.a.id}`, ledgerToday())}`,
        )
      )[0]!;
      assert.equal((await w.meal.del(`DOT/${created.json().data.id}`)).statusCode, 200);
      await kept('dashboard delete');
      const after = (
        await rowsOf<LedgerSummary>(
          t.handle.db,
          sql`${rolledUpSummarySql(sql`patients.id = ${w.a.id}`, ledgerToday())}`,
        )
      )[0]!;
      assert.equal(after.observed_days, before.observed_days - 1);
    });

    it('follows the no-app grid: create a range, tick, reset, delete a day', async () => {
      const created = await w.meal.post('NoApp-DOTs', {
        patient_id: noApp.id,
        dates: [daysAgo(4), daysAgo(3), daysAgo(2), daysAgo(1), daysAgo(0)],
      });
      assert.equal(created.statusCode, 201, created.body);
      await kept('no-app create');
      const days = (created.json().data as { id: number; date: string }[]).sort((a, b) => a.date.localeCompare(b.date));
      for (const day of days.slice(0, 3))
        assert.equal((await w.meal.get(`change-status-NoApp-DOTs/${day.id}`)).statusCode, 200);
      await kept('no-app tick');
      assert.equal((await w.meal.get(`change-status-NoApp-DOTs/${days[4]!.id}`)).statusCode, 200);
      await kept('no-app tick today');
      assert.equal((await w.meal.get(`delete-status-NoApp-DOTs/${days[4]!.id}`)).statusCode, 200);
      await kept('no-app reset');
      assert.equal((await w.meal.del(`NoApp-DOTs/${days[0]!.id}`)).statusCode, 200);
      await kept('no-app delete');
    });

    it('follows the VOT end date, and a patient taken off VOT leaves the roll-up', async () => {
      assert.equal((await w.meal.update(`DOT-end/${w.a.id}`, { DOT_end_date: daysAgo(1) })).statusCode, 200);
      await kept('DOT end date');
      const [ended] = await rowsOf<{ end_date: string }>(
        t.handle.db,
        sql`select end_date::text from patient_ledgers where patient_id = ${w.a.id}`,
      );
      assert.equal(ended!.end_date, daysAgo(1));
      const later = await eligiblePatient(w.meal, w.places.hty, 60);
      assert.equal(
        (await w.meal.update(`move-to-DOT/${later.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(5) })).statusCode,
        200,
      );
      assert.equal(
        (
          await w.meal.update(`move-to-DOT/${later.id}`, {
            VOT_accept: 'No',
            VOT_not_accept_reason: 'Other',
            VOT_not_accept_reason_other: 'Moved away',
          })
        ).statusCode,
        200,
      );
      await kept('taken off VOT');
      assert.equal(
        (await rowsOf(t.handle.db, sql`select 1 from patient_ledgers where patient_id = ${later.id}`)).length,
        0,
      );
    });

    it('follows VOT Accept No and Yes again of a patient on VOT (its start date stays)', async () => {
      assert.equal(
        (await w.meal.update(`VOT-accept/${w.b.id}`, { VOT_accept: 'No', VOT_not_accept_reason: 'Privacy concern' }))
          .statusCode,
        200,
      );
      await kept('VOT accept No on VOT');
      assert.equal(
        (await rowsOf(t.handle.db, sql`select 1 from patient_ledgers where patient_id = ${w.b.id}`)).length,
        0,
      );
      assert.equal((await w.meal.update(`VOT-accept/${w.b.id}`, { VOT_accept: 'Yes' })).statusCode, 200);
      await kept('VOT accept Yes again');
      assert.equal(
        (await rowsOf(t.handle.db, sql`select 1 from patient_ledgers where patient_id = ${w.b.id}`)).length,
        1,
      );
    });
  });
}

/**
 * Every module that writes visit records or a patient's VOT dates refreshes the roll-up in the same
 * transaction: a new write path that forgets fails here before it drifts in the field.
 */
describe('Dose ledger roll-up: every write path refreshes it', () => {
  /** Writes that cannot change a ledger, each with its reason. */
  const EXEMPT: Record<string, string> = {
    'files/retention.ts': 'clears the video link of old records only',
    'routes/app/uploads.ts': "attaches a resumable upload's file to its record: no column the ledger reads",
    'db/demo-videos.ts': "attaches a demo record's video file: no column the ledger reads",
  };
  // VOT_ACCEPT_FIELDS: the VOT Accept answer written from its schema's fields (routes/patients).
  const WRITES =
    /\b(insert|update|delete)\((dots|changeVolunteers)\)|\b(insert into|update|delete from) (dots|change_volunteers)\b|\.set\(\{[^}]*\b(DOT_start_date|DOT_end_date|VOT_accept)\b|\bVOT_ACCEPT_FIELDS\b/;

  async function sources(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
  }

  it('finds refreshLedgers, refreshAllLedgers, rollUpNewVisit or rollUpVerdict beside every such write in api/src', async () => {
    const root = join(import.meta.dirname, '../src');
    const missing: string[] = [];
    for (const file of await sources(root)) {
      const relative = file.slice(root.length + 1);
      if (relative.startsWith('ledger/') || EXEMPT[relative]) continue;
      const text = await readFile(file, 'utf8');
      // syncCurrent and updatePatient (routes/vot/patient.ts) refresh: the history's writers end
      // with the one, the patient's updates (Move To VOT No's delete of the history too) run inside the other.
      if (
        WRITES.test(text) &&
        !/refresh(All)?Ledgers\(|rollUpNewVisit\(|rollUpVerdict\(|writeVerdict\(|syncCurrent\(|updatePatient\(/.test(
          text,
        )
      )
        missing.push(relative);
    }
    assert.deepEqual(missing, []);
  });

  it('finds every refresh of a write path in api/src made through the lock it holds (lockPatients)', async () => {
    const root = join(import.meta.dirname, '../src');
    const unlocked: string[] = [];
    for (const file of await sources(root)) {
      const relative = file.slice(root.length + 1);
      if (relative.startsWith('ledger/')) continue;
      const text = await readFile(file, 'utf8');
      // The self-locking forms (fixtures, bulk loads) take the lock after whatever the write did.
      if (/(?<!\.)\b(refreshLedgers|rollUpNewVisit)\(|\blocked: true\b/.test(text)) unlocked.push(relative);
    }
    assert.deepEqual(unlocked, []);
  });
});
