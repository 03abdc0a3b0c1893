import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LedgerSummary, Patient, PatientExportRow, PatientListRow } from '@vot/shared/schemas';
import { MARCH_LEDGER } from '@vot/shared/testing/records';
import {
  ledgerByPatient,
  ledgerDays,
  ledgerOf,
  ledgerSummaries,
  ledgerToday,
  missedRunAtLeastSql,
} from '../src/ledger';
import { rowsOf } from '../src/db/rows';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient, votPatientInDb, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * The dose ledger's rules (api/src/ledger/sql.ts) on fixed dates: the as-of day is a parameter,
 * so every case is a calendar written out here, not relative to the day the test runs.
 */
for (const backend of await backends()) {
  describe(`Dose ledger on ${backend.name}`, () => {
    const t = useApp(backend);
    let fo: Client;
    let places: VotPlaces;
    const db = () => t.handle.db;

    const votPatient = (
      start: string | null,
      options: { end?: string; type?: 'App' | 'No App' | null; accept?: string } = {},
    ) => votPatientInDb(db(), fo, places, start, options);

    const pick = (s: LedgerSummary | null, ...keys: (keyof LedgerSummary)[]) =>
      s ? Object.fromEntries(keys.map((k) => [k, s[k]])) : s;

    // Sets up the places and the Field Officer
    before(async () => {
      places = await votPlaces(db());
      fo = await t.signInAs('Field Officer');
    });

    it('counts from the start to yesterday: days before the start do not count, two records on one day count once (observed wins)', async () => {
      const p = await votPatient('2026-03-01', { type: 'App' });
      await p.record('2026-02-27', 1, true); // before the start: not counted
      await p.record('2026-03-01', 1, true);
      await p.record('2026-03-02', 2, false); // not taken, but a dashboard visit the same day: observed
      await p.record('2026-03-02', 5, null);
      await p.record('2026-03-03', 2, false);
      await p.record('2026-03-06', 3, null); // a patient's video never reviewed: observed after its review time, not verified
      await p.record('2026-03-07', 2, true); // two observed records: one day, the own visit's work
      await p.record('2026-03-07', 1, true);
      const asOf = '2026-03-10'; // nothing yet today: today is not counted
      const s = await ledgerOf(db(), p.id, asOf);
      // The figures the screens' tests show for these records (MARCH_LEDGER).
      assert.deepEqual(s, { ...MARCH_LEDGER, patient_id: p.id } satisfies LedgerSummary);
      const days = await ledgerDays(db(), p.id, asOf);
      assert.deepEqual(
        days.map((d) => [d.date.slice(8), d.status, d.work]),
        [
          ['01', 'observed', 1],
          ['02', 'observed', 5],
          ['03', 'not_observed', null],
          ['04', 'unrecorded', null],
          ['05', 'unrecorded', null],
          ['06', 'observed', 3],
          ['07', 'observed', 1],
          ['08', 'unrecorded', null],
          ['09', 'unrecorded', null],
        ],
      );
      // A record today (even "not taken") closes the day: it counts.
      await p.record(asOf, 2, false);
      assert.deepEqual(
        pick(await ledgerOf(db(), p.id, asOf), 'counted_to', 'days_elapsed', 'missed_days', 'current_missed_run'),
        {
          counted_to: asOf,
          days_elapsed: 10,
          missed_days: 6,
          current_missed_run: 3,
        },
      );
    });

    it('stops at the DOT end date: records after it do not count', async () => {
      const p = await votPatient('2026-03-01', { end: '2026-03-04', type: 'App' });
      for (const day of ['01', '02', '03', '04', '05', '06']) await p.record(`2026-03-${day}`, 1, true);
      assert.deepEqual(
        pick(
          await ledgerOf(db(), p.id, '2026-03-20'),
          'counted_to',
          'days_elapsed',
          'observed_days',
          'adherence',
          'missed_band',
          'days_since_last_observed',
        ),
        {
          counted_to: '2026-03-04',
          days_elapsed: 4,
          observed_days: 4,
          adherence: 100,
          missed_band: 'under10',
          days_since_last_observed: 16,
        },
      );
      assert.equal((await ledgerDays(db(), p.id, '2026-03-20')).length, 4);
    });

    it('counts no-app days by their work status: ticked observed, not achieved missed, unmarked unrecorded', async () => {
      const p = await votPatient('2026-03-01', { type: 'No App' });
      await p.record('2026-03-01', 6, true);
      await p.record('2026-03-02', 6, false);
      await p.record('2026-03-03', 6, null);
      await p.record('2026-03-05', 6, null); // today, unmarked: the day is still open
      const s = await ledgerOf(db(), p.id, '2026-03-05');
      assert.deepEqual(
        pick(
          s,
          'counted_to',
          'days_elapsed',
          'observed_days',
          'not_observed_days',
          'unrecorded_days',
          'longest_missed_run',
        ),
        {
          counted_to: '2026-03-04',
          days_elapsed: 4,
          observed_days: 1,
          not_observed_days: 1,
          unrecorded_days: 2,
          longest_missed_run: 3,
        },
      );
      assert.deepEqual(
        (await ledgerDays(db(), p.id, '2026-03-05')).map((d) => d.status),
        ['observed', 'not_observed', 'unrecorded', 'unrecorded'],
      );
    });

    it('a patient on VOT without records missed every day; one not on VOT, or starting later, has no counted day', async () => {
      const none = await votPatient('2026-03-01');
      assert.deepEqual(
        pick(
          await ledgerOf(db(), none.id, '2026-03-10'),
          'days_elapsed',
          'observed_days',
          'adherence',
          'missed_band',
          'longest_missed_run',
          'current_missed_run',
          'last_observed_date',
          'days_since_last_observed',
        ),
        {
          days_elapsed: 9,
          observed_days: 0,
          adherence: 0,
          missed_band: 'over50',
          longest_missed_run: 9,
          current_missed_run: 9,
          last_observed_date: null,
          days_since_last_observed: null,
        },
      );
      const notOnVot = await votPatient(null, { accept: 'No' });
      const declinedWithDate = await votPatient('2026-03-01', { accept: 'No' });
      assert.equal(await ledgerOf(db(), notOnVot.id, '2026-03-10'), null);
      assert.equal(await ledgerOf(db(), declinedWithDate.id, '2026-03-10'), null);
      const later = await votPatient('2026-03-20');
      assert.deepEqual(
        pick(
          await ledgerOf(db(), later.id, '2026-03-10'),
          'days_elapsed',
          'adherence',
          'missed_band',
          'longest_missed_run',
          'current_missed_run',
        ),
        {
          days_elapsed: 0,
          adherence: null,
          missed_band: null,
          longest_missed_run: 0,
          current_missed_run: 0,
        },
      );
      // Starting today with nothing recorded yet: nothing counted, nothing missed.
      assert.equal((await ledgerOf(db(), later.id, '2026-03-20'))?.days_elapsed, 0);
      assert.deepEqual(await ledgerDays(db(), notOnVot.id, '2026-03-10'), []);
      const many = await ledgerByPatient(db(), [none.id, notOnVot.id, later.id], '2026-03-10');
      assert.deepEqual([...many.keys()].sort(), [none.id, later.id].sort());
    });

    it('bands missed doses as group 6: under 10 %, 10 % to 50 % inclusive, over 50 %', async () => {
      const p = await votPatient('2026-03-01', { type: 'App' });
      const asOf = '2026-03-11'; // ten counted days
      const band = async () => (await ledgerOf(db(), p.id, asOf))!.missed_band;
      for (let d = 1; d <= 4; d += 1) await p.record(`2026-03-${String(d).padStart(2, '0')}`, 1, true);
      assert.equal(await band(), 'over50'); // 6 of 10 missed
      await p.record('2026-03-05', 1, true);
      assert.equal(await band(), 'from10to50'); // 5 of 10: 50 % is in the middle band
      for (let d = 6; d <= 9; d += 1) await p.record(`2026-03-${String(d).padStart(2, '0')}`, 1, true);
      assert.equal(await band(), 'from10to50'); // 1 of 10: 10 % too
      await p.record('2026-03-10', 1, true);
      assert.equal(await band(), 'under10');
    });

    it("takes today in Asia/Yangon (UTC+06:30), not the server's day", async () => {
      assert.equal(ledgerToday(new Date('2026-03-09T17:29:00Z')), '2026-03-09');
      assert.equal(ledgerToday(new Date('2026-03-09T17:30:00Z')), '2026-03-10');
      const p = await votPatient('2026-03-01', { type: 'App' });
      await p.record('2026-03-10', 1, true);
      // 17:29 UTC: still the 9th in Yangon, the 10th's record is tomorrow's.
      assert.equal((await ledgerOf(db(), p.id, ledgerToday(new Date('2026-03-09T17:29:00Z'))))!.observed_days, 0);
      assert.equal((await ledgerOf(db(), p.id, ledgerToday(new Date('2026-03-09T17:30:00Z'))))!.observed_days, 1);
    });

    it('the missed-run condition of the lists agrees with the summary, whatever the day and the run', async () => {
      for (const asOf of ['2026-03-03', '2026-03-05', '2026-03-10', '2026-03-11', '2026-03-25']) {
        const summaries = await ledgerSummaries(db(), undefined, asOf);
        for (const n of [1, 2, 3, 5]) {
          const listed = await rowsOf<{ id: number }>(
            db(),
            sql`select patients.id from patients where ${missedRunAtLeastSql(n, asOf)} order by patients.id`,
          );
          assert.deepEqual(
            listed.map((r) => r.id),
            summaries.filter((s) => s.current_missed_run >= n).map((s) => s.patient_id),
            `${asOf}, ${n} days`,
          );
        }
      }
    });
  });
}

/** The ledger through the API, on real dates: the patient view's call, the VOT Status lists' column, the missed-dose list, its count and export, the scope. */
for (const backend of await backends()) {
  describe(`Dose ledger API on ${backend.name}`, () => {
    const t = useApp(backend);
    let fo: Client;
    let meal: Client;
    let places: VotPlaces;
    let mine: Patient;
    let theirs: Patient;
    let notOnVot: Patient;
    const onVot = async (client: Client, p: Patient, days: number) => {
      assert.equal(
        (await client.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(days) })).statusCode,
        200,
      );
      const entry = await client.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(days),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'No',
      });
      assert.equal(entry.statusCode, 201, entry.body);
    };
    const visit = async (p: Patient, days: number) => {
      const res = await fo.post('DOT-without-volunteer-dashboard', {
        patient_id: p.id,
        date: daysAgo(days),
        dose_taken: 'Yes',
        remark: 'Took the dose',
      });
      assert.equal(res.statusCode, 201, res.body);
    };
    const ledger = async (client: Client, p: Patient) =>
      (await client.get(`DOT-ledger/${p.id}`)).json().data as LedgerSummary | null;
    const missedIds = async (client: Client) =>
      ((await client.get('patients?page=1&missed_doses=true')).json().data as PatientListRow[]).map((r) => r.id).sort();
    const counts = async (client: Client) =>
      (await client.get('dstb-patient-count')).json().data as Record<string, number>;

    // Sets up a patient of each township on VOT, and one not on VOT
    before(async () => {
      places = await votPlaces(t.handle.db);
      fo = await t.signInAs('Field Officer');
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      mine = await eligiblePatient(fo, places.hty, 30);
      theirs = await eligiblePatient(meal, places.ins, 30);
      notOnVot = await eligiblePatient(fo, places.hty, 30);
      await onVot(fo, mine, 5);
      await onVot(meal, theirs, 3);
      await visit(mine, 5);
      await visit(mine, 4);
    });

    it('answers the patient view: counted to yesterday while today is empty; null off VOT; 404 out of scope', async () => {
      assert.deepEqual(await ledger(fo, mine), {
        patient_id: mine.id,
        counted_from: daysAgo(5),
        counted_to: daysAgo(1),
        days_elapsed: 5,
        observed_days: 2,
        not_observed_days: 0,
        unrecorded_days: 3,
        missed_days: 3,
        adherence: 40,
        verified_days: 0, // staff records (work 5): reported, not verified
        verified_adherence: 0,
        awaiting_review_days: 0,
        missed_band: 'over50',
        longest_missed_run: 3,
        current_missed_run: 3,
        last_observed_date: daysAgo(4),
        days_since_last_observed: 4,
      });
      assert.equal(await ledger(fo, notOnVot), null);
      const other = await fo.get(`DOT-ledger/${theirs.id}`);
      assert.equal(other.statusCode, 404);
      assert.equal(other.json().message, 'Patient not found.');
      assert.equal((await fo.get('DOT-ledger/abc')).statusCode, 404);
      assert.equal((await ledger(meal, theirs))?.current_missed_run, 3);
    });

    it('puts the ledger on the VOT Status lists and their export, not on other lists', async () => {
      const rows = (await fo.get('patients?page=1&DOT_with_no_volunteer=true&pure_or_hybrid=Pure')).json()
        .data as PatientListRow[];
      assert.deepEqual(
        rows.map((r) => [r.id, r.ledger?.adherence, r.ledger?.missed_band, r.volunteer_id]),
        [[mine.id, 40, 'over50', null]],
      );
      const exported = (await fo.get('patients-export?DOT_with_no_volunteer=true&pure_or_hybrid=Pure')).json()
        .data as PatientExportRow[];
      assert.deepEqual(
        exported.map((r) => [r.id, r.ledger?.current_missed_run]),
        [[mine.id, 3]],
      );
      // The whole summary, read with the page (from the roll-up), is the patient view's (live from the records).
      const reference = await ledger(fo, mine);
      assert.deepEqual([rows[0]?.ledger, exported[0]?.ledger], [reference, reference]);
      const plain = (await fo.get('patients?page=1')).json().data as PatientListRow[];
      assert.ok(plain.length > 0 && plain.every((r) => !('ledger' in r)));
    });

    it('lists and counts the patients who missed 2 days or more in a row, in scope; a dose today takes one off', async () => {
      assert.deepEqual(await missedIds(fo), [mine.id]);
      assert.deepEqual(await missedIds(meal), [mine.id, theirs.id].sort());
      assert.equal((await counts(fo)).missedDoses, 1);
      assert.equal((await counts(meal)).missedDoses, 2);
      const exported = (await fo.get('patients-export?missed_doses=true')).json().data as PatientExportRow[];
      assert.deepEqual(
        exported.map((r) => [r.id, r.ledger?.days_since_last_observed]),
        [[mine.id, 4]],
      );
      assert.equal((await fo.get('patients?page=1&missed_doses=true&pure_or_hybrid=Pure')).statusCode, 400);
      await visit(mine, 0);
      assert.deepEqual(await missedIds(fo), []);
      assert.equal((await counts(fo)).missedDoses, 0);
      assert.deepEqual(
        await ledger(fo, mine).then((l) => [
          l?.counted_to,
          l?.days_elapsed,
          l?.current_missed_run,
          l?.longest_missed_run,
        ]),
        [daysAgo(0), 6, 0, 3],
      );
    });
  });
}
