import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import type { ActivityDashboard, LedgerDay, LedgerSummary } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { rollupDriftSql } from '../src/ledger';
import { appSignIn, appWorld, MP4_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * A patient's record whose video has not arrived is no evidence (docs/decisions/0134-missing-video.md),
 * and the Activity dashboard's Take medicines counts the ledger's doses: not a video still in its
 * review time, nor a record without its video, until a verdict says taken.
 */
for (const backend of await backends()) {
  describe(`Missing videos and Take medicines on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let volunteer: Client;
    let patient: Client;

    const dayOf = async (date: string) => {
      const days = (await w.meal.get(`DOT-ledger-days/${w.a.id}`)).json().data as LedgerDay[];
      const d = days.find((x) => x.date === date);
      return d && [d.status, d.provenance];
    };
    const takeMedicines = async () =>
      ((await w.meal.get('activity-dashboard')).json().data as ActivityDashboard).take_medicines;
    const ledger = async () => (await w.meal.get(`DOT-ledger/${w.a.id}`)).json().data as LedgerSummary;

    // Patient A on VOT from 40 days ago, with volunteer 2 from 10 days ago
    before(async () => {
      w = await appWorld(t);
      volunteer = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      patient = await appSignIn(t.app, 'patient', w.codes.a);
    });

    it('a record whose video never came is no dose; a verdict of the day decides it', async () => {
      const before = await takeMedicines();
      const beforeLedger = await ledger();
      const record = { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(6), work: 3, late_remark: 'No network' };
      const stored = await sendVisit(patient, record);
      assert.equal(stored.statusCode, 201, stored.body);
      assert.deepEqual(await dayOf(daysAgo(6)), ['unrecorded', null]);
      assert.equal(await takeMedicines(), before);
      const l = await ledger();
      assert.deepEqual(
        [l.observed_days, l.awaiting_review_days, l.days_elapsed],
        [beforeLedger.observed_days, 0, beforeLedger.days_elapsed],
      );

      const review = await sendVisit(volunteer, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(6),
        work: 2,
        work_status: true,
        late_remark: 'No network',
      });
      assert.equal(review.statusCode, 201, review.body);
      assert.deepEqual(await dayOf(daysAgo(6)), ['observed', 'video_reviewed']);
      assert.equal(await takeMedicines(), before + 1);
      assert.deepEqual(await rowsOf(t.handle.db, rollupDriftSql()), []);
    });

    it('Take medicines leaves out a video still awaiting review, as the ledger does', async () => {
      const before = await takeMedicines();
      const sent = await sendVisit(
        patient,
        { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(1), work: 3, late_remark: 'No network' },
        { video: MP4_BYTES },
      );
      assert.equal(sent.statusCode, 201, sent.body);
      assert.deepEqual(await dayOf(daysAgo(1)), ['awaiting_review', 'awaiting_review']);
      assert.equal(await takeMedicines(), before, 'not a dose while it awaits review');
      assert.equal((await ledger()).awaiting_review_days, 1);
    });
  });
}
