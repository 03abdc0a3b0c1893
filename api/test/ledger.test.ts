import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LedgerSummary } from '@vot/shared/schemas';
import { changeVolunteers, dots, patients } from '../src/db/schema';
import { ledgerByPatient, ledgerDays, ledgerOf, ledgerToday } from '../src/ledger';
import { backends, useApp, type Client } from './helpers';
import { eligiblePatient, votPlaces, type VotPlaces } from './vot-fixtures';

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

    /** A patient of Hlaingthaya put on VOT from `start` (and ended on `end`), with one change-volunteer entry of `type`. */
    async function votPatient(start: string | null, options: { end?: string; type?: 'App' | 'No App' | null; accept?: string } = {}) {
      const p = await eligiblePatient(fo, places.hty, 400);
      await db()
        .update(patients)
        .set({ VOT_accept: options.accept ?? 'Yes', DOT_start_date: start, DOT_end_date: options.end ?? null })
        .where(eq(patients.id, p.id));
      let entry: number | null = null;
      if (start && options.type !== undefined) {
        const [row] = await db()
          .insert(changeVolunteers)
          .values({ patient_id: p.id, change_date: start, pure_or_hybrid: 'Pure', with_volunteer: options.type ? 'Yes' : 'No', volunteer_id: options.type ? places.volunteer1 : null, type: options.type })
          .returning();
        entry = row!.id;
      }
      const record = (date: string, work: number, work_status: boolean | null) =>
        db().insert(dots).values({ uuid: randomUUID(), patient_id: p.id, change_volunteer_id: entry, date, work, work_status, created: work >= 5 ? 'dashboard' : 'app' });
      return { id: p.id, record };
    }

    const pick = (s: LedgerSummary | null, ...keys: (keyof LedgerSummary)[]) => (s ? Object.fromEntries(keys.map((k) => [k, s[k]])) : s);

    it('sets up', async () => {
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
      await p.record('2026-03-06', 3, null); // a patient's video without a status: observed
      await p.record('2026-03-07', 2, true); // two observed records: one day, the own visit's work
      await p.record('2026-03-07', 1, true);
      const asOf = '2026-03-10'; // nothing yet today: today is not counted
      const s = await ledgerOf(db(), p.id, asOf);
      assert.deepEqual(s, {
        patient_id: p.id,
        counted_from: '2026-03-01',
        counted_to: '2026-03-09',
        days_elapsed: 9,
        observed_days: 4,
        not_observed_days: 1,
        unrecorded_days: 4,
        missed_days: 5,
        adherence: 44.4,
        missed_band: 'over50',
        longest_missed_run: 3,
        current_missed_run: 2,
        last_observed_date: '2026-03-07',
        days_since_last_observed: 3,
      } satisfies LedgerSummary);
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
      assert.deepEqual(pick(await ledgerOf(db(), p.id, asOf), 'counted_to', 'days_elapsed', 'missed_days', 'current_missed_run'), {
        counted_to: asOf,
        days_elapsed: 10,
        missed_days: 6,
        current_missed_run: 3,
      });
    });

    it('stops at the DOT end date: records after it do not count', async () => {
      const p = await votPatient('2026-03-01', { end: '2026-03-04', type: 'App' });
      for (const day of ['01', '02', '03', '04', '05', '06']) await p.record(`2026-03-${day}`, 1, true);
      assert.deepEqual(pick(await ledgerOf(db(), p.id, '2026-03-20'), 'counted_to', 'days_elapsed', 'observed_days', 'adherence', 'missed_band', 'days_since_last_observed'), {
        counted_to: '2026-03-04',
        days_elapsed: 4,
        observed_days: 4,
        adherence: 100,
        missed_band: 'under10',
        days_since_last_observed: 16,
      });
      assert.equal((await ledgerDays(db(), p.id, '2026-03-20')).length, 4);
    });

    it('counts no-app days by their work status: ticked observed, not achieved missed, unmarked unrecorded', async () => {
      const p = await votPatient('2026-03-01', { type: 'No App' });
      await p.record('2026-03-01', 6, true);
      await p.record('2026-03-02', 6, false);
      await p.record('2026-03-03', 6, null);
      await p.record('2026-03-05', 6, null); // today, unmarked: the day is still open
      const s = await ledgerOf(db(), p.id, '2026-03-05');
      assert.deepEqual(pick(s, 'counted_to', 'days_elapsed', 'observed_days', 'not_observed_days', 'unrecorded_days', 'longest_missed_run'), {
        counted_to: '2026-03-04',
        days_elapsed: 4,
        observed_days: 1,
        not_observed_days: 1,
        unrecorded_days: 2,
        longest_missed_run: 3,
      });
      assert.deepEqual(
        (await ledgerDays(db(), p.id, '2026-03-05')).map((d) => d.status),
        ['observed', 'not_observed', 'unrecorded', 'unrecorded'],
      );
    });

    it('a patient on VOT without records missed every day; one not on VOT, or starting later, has no counted day', async () => {
      const none = await votPatient('2026-03-01');
      assert.deepEqual(pick(await ledgerOf(db(), none.id, '2026-03-10'), 'days_elapsed', 'observed_days', 'adherence', 'missed_band', 'longest_missed_run', 'current_missed_run', 'last_observed_date', 'days_since_last_observed'), {
        days_elapsed: 9,
        observed_days: 0,
        adherence: 0,
        missed_band: 'over50',
        longest_missed_run: 9,
        current_missed_run: 9,
        last_observed_date: null,
        days_since_last_observed: null,
      });
      const notOnVot = await votPatient(null, { accept: 'No' });
      const declinedWithDate = await votPatient('2026-03-01', { accept: 'No' });
      assert.equal(await ledgerOf(db(), notOnVot.id, '2026-03-10'), null);
      assert.equal(await ledgerOf(db(), declinedWithDate.id, '2026-03-10'), null);
      const later = await votPatient('2026-03-20');
      assert.deepEqual(pick(await ledgerOf(db(), later.id, '2026-03-10'), 'days_elapsed', 'adherence', 'missed_band', 'longest_missed_run', 'current_missed_run'), {
        days_elapsed: 0,
        adherence: null,
        missed_band: null,
        longest_missed_run: 0,
        current_missed_run: 0,
      });
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
  });
}
