import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import type { LedgerDay, LedgerSummary } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { rollupDriftSql } from '../src/ledger';
import { appSignIn, appWorld, MP4_BYTES, ownVisit, PNG_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * A dose is counted on evidence (docs/decisions/0130-dose-verdicts.md), through the app's uploads
 * and the patient view's ledger: a patient's own video is decided by its reviewer, awaits review for
 * three days, then counts as observed but not verified; a supervisor's visit is never a dose, and
 * keeps the status it sent.
 */
for (const backend of await backends()) {
  describe(`Dose verdicts on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let volunteer: Client;
    let patient: Client;

    const video = (date: string) =>
      sendVisit(
        patient,
        { uuid: randomUUID(), patient_id: w.a.id, date, work: 3, late_remark: 'No network' },
        { video: MP4_BYTES },
      );
    const review = (date: string, work_status: boolean) =>
      sendVisit(volunteer, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date,
        work: 2,
        work_status,
        late_remark: 'No network',
      });
    const ledger = async () => (await w.meal.get(`DOT-ledger/${w.a.id}`)).json().data as LedgerSummary;
    const days = async () =>
      new Map(
        ((await w.meal.get(`DOT-ledger-days/${w.a.id}`)).json().data as LedgerDay[]).map((d) => [
          d.date,
          [d.status, d.provenance],
        ]),
      );

    // Patient A on VOT from 40 days ago, with volunteer 2 from 10 days ago
    before(async () => {
      w = await appWorld(t);
      volunteer = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      patient = await appSignIn(t.app, 'patient', w.codes.a);
    });

    it('one patient, three days: a video reviewed "not taken", a supervisor visit, a signed own visit: 1 of 3 observed', async () => {
      assert.equal((await video(daysAgo(9))).statusCode, 201);
      assert.equal((await review(daysAgo(9), false)).statusCode, 201);
      const supervisor = await sendVisit(volunteer, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(8),
        work: 4,
        work_status: true,
        late_remark: 'No network',
      });
      assert.equal(supervisor.statusCode, 201, supervisor.body);
      assert.equal(supervisor.json().data.work_status, true, "the supervisor's status is kept");
      const own = await sendVisit(volunteer, ownVisit(w.a.id, daysAgo(7), { late_remark: 'No network' }), {
        sign: PNG_BYTES,
      });
      assert.equal(own.statusCode, 201, own.body);
      const d = await days();
      assert.deepEqual(
        [d.get(daysAgo(9)), d.get(daysAgo(8)), d.get(daysAgo(7))],
        [
          ['not_observed', null],
          ['unrecorded', null],
          ['observed', 'in_person'],
        ],
      );
      const l = await ledger();
      assert.deepEqual([l.observed_days, l.not_observed_days, l.verified_days], [1, 1, 1]);
    });

    it('a video awaits review three days, neither observed nor missed; then it counts as observed, not verified', async () => {
      const before = await ledger();
      for (const ago of [5, 3, 2]) assert.equal((await video(daysAgo(ago))).statusCode, 201);
      assert.equal((await review(daysAgo(3), true)).statusCode, 201);
      const d = await days();
      assert.deepEqual(
        [d.get(daysAgo(5)), d.get(daysAgo(3)), d.get(daysAgo(2))],
        [
          ['observed', 'video_not_reviewed'],
          ['observed', 'video_reviewed'],
          ['awaiting_review', 'awaiting_review'],
        ],
      );
      const l = await ledger();
      // Two more observed days (5 and 3 days ago); the day 2 days ago leaves the counted days while it
      // awaits review: three days fewer missed.
      assert.deepEqual(
        [l.observed_days, l.verified_days, l.awaiting_review_days, l.days_elapsed, l.missed_days],
        [before.observed_days + 2, before.verified_days + 1, 1, before.days_elapsed - 1, before.missed_days - 3],
      );
      assert.equal(l.adherence, Math.round((1000 * l.observed_days) / l.days_elapsed) / 10);
      assert.equal(l.verified_adherence, Math.round((1000 * l.verified_days) / l.days_elapsed) / 10);
      // The volunteer's review of the awaiting day decides it.
      assert.equal((await review(daysAgo(2), false)).statusCode, 201);
      assert.deepEqual((await days()).get(daysAgo(2)), ['not_observed', null]);
      const after = await ledger();
      assert.deepEqual(
        [after.awaiting_review_days, after.days_elapsed, after.not_observed_days],
        [0, l.days_elapsed + 1, l.not_observed_days + 1],
      );
    });

    it('a staff "Create VOT" record asks "Dose taken" (required); the answer decides the day', async () => {
      const create = (date: string, over: object) =>
        w.meal.post('DOT-with-volunteer-dashboard', {
          patient_id: w.a.id,
          date,
          remark: 'Called: the dose was not taken',
          ...over,
        });
      const missing = await create(daysAgo(12), {});
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().errors, { dose_taken: ['Dose taken is required!'] });
      assert.equal((await create(daysAgo(12), { dose_taken: 'Maybe' })).statusCode, 400);
      const no = await create(daysAgo(12), { dose_taken: 'No' });
      assert.equal(no.statusCode, 201, no.body);
      assert.equal(no.json().data.work_status, false);
      const yes = await create(daysAgo(13), { dose_taken: 'Yes', remark: 'Took the dose on a video call' });
      assert.equal(yes.json().data.work_status, true);
      const d = await days();
      assert.deepEqual(
        [d.get(daysAgo(12)), d.get(daysAgo(13))],
        [
          ['not_observed', null],
          ['observed', 'staff_record'],
        ],
      );
    });

    it('"Update VOT" asks "Dose taken" too (required): a changed answer decides the day, and the roll-up follows', async () => {
      const made = await w.meal.post('DOT-with-volunteer-dashboard', {
        patient_id: w.a.id,
        date: daysAgo(14),
        dose_taken: 'No',
        remark: 'Called: not taken',
      });
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().data.id as number;
      const update = (body: object) => w.meal.update(`DOT/${id}`, body);
      const remarkOnly = await update({ remark: 'Called back' });
      assert.equal(remarkOnly.statusCode, 400);
      assert.deepEqual(remarkOnly.json().errors, { dose_taken: ['Dose taken is required!'] });
      const observedBefore = (await ledger()).observed_days;
      const yes = await update({ dose_taken: 'Yes', remark: 'Called back: taken after all' });
      assert.equal(yes.statusCode, 200, yes.body);
      assert.equal(yes.json().data.work_status, true);
      assert.deepEqual((await days()).get(daysAgo(14)), ['observed', 'staff_record']);
      assert.equal((await ledger()).observed_days, observedBefore + 1);
      assert.deepEqual(await rowsOf(t.handle.db, rollupDriftSql()), []);
    });

    it('refuses a VOT End Date before the last visit record, naming its day', async () => {
      const early = await w.meal.update(`DOT-end/${w.a.id}`, { DOT_end_date: daysAgo(3) });
      assert.equal(early.statusCode, 400);
      assert.deepEqual(early.json().errors, {
        DOT_end_date: [`VOT End Date may not be before the last VOT visit record, on ${daysAgo(2)}!`],
      });
      assert.equal((await ledger()).counted_to, daysAgo(1), 'nothing changed');
      const onTheDay = await w.meal.update(`DOT-end/${w.a.id}`, { DOT_end_date: daysAgo(2) });
      assert.equal(onTheDay.statusCode, 200, onTheDay.body);
      assert.equal((await ledger()).counted_to, daysAgo(2));
    });
  });
}
