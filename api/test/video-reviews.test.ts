import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { LedgerDay, LedgerSummary, VideoReviewRow, VideoVerdict } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { auditLog, dots } from '../src/db/schema';
import { rollupDriftSql } from '../src/ledger/rollup';
import { appSignIn, appWorld, MP4_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient } from './vot-fixtures';

/**
 * The video review queue (docs/decisions/0173–0175): the patients' videos of the user's townships
 * awaiting a verdict, oldest first; a verdict decides the ledger's day at once and takes the video
 * out of the queue; another township's video is a 404, a second verdict a 409 unless the role may
 * correct it, and then the earlier verdict stays in the audit.
 */
for (const backend of await backends()) {
  describe(`Video review queue on ${backend.name}`, () => {
    // Every video escalated at once: the volunteers' own queue comes first (app-video-reviews.test.ts).
    const t = useApp(backend, { videoReviewEscalationHours: 0 });
    let w: AppWorld;
    let fo: Client;
    let po: Client;
    const sent: Record<string, number> = {};

    const video = async (client: Client, patient_id: number, date: string) => {
      const res = await sendVisit(
        client,
        { uuid: randomUUID(), patient_id, date, work: 3, late_remark: 'No network' },
        { video: MP4_BYTES },
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data.id as number;
    };
    const queue = async (client: Client) => {
      const res = await client.get('video-reviews?page=1');
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { data: VideoReviewRow[]; total: number };
    };
    const verdict = (client: Client, id: number, body: object) => client.post(`video-reviews/${id}`, body);
    const day = async (date: string) =>
      ((await w.meal.get(`DOT-ledger-days/${w.a.id}`)).json().data as LedgerDay[]).find((d) => d.date === date)?.status;
    // The lists read the ledger's roll-up: it must follow each verdict in the verdict's transaction.
    const assertRolledUp = async () => assert.deepEqual(await rowsOf(t.handle.db, rollupDriftSql()), []);
    const ledger = async () => (await w.meal.get(`DOT-ledger/${w.a.id}`)).json().data as LedgerSummary;

    // Patients A and B of Hlaingthaya on VOT; A sends videos 2 and 1 days ago, B 3 days ago; A's
    // video of 5 days ago was reviewed by the volunteer (work 2); an Insein patient has a video too.
    before(async () => {
      w = await appWorld(t);
      fo = await t.signInAs('Field Officer');
      po = await t.signInAs('Project Officer');
      const a = await appSignIn(t.app, 'patient', w.codes.a);
      const b = await appSignIn(t.app, 'patient', w.codes.b);
      const volunteer = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      sent.b3 = await video(b, w.b.id, daysAgo(3));
      sent.a2 = await video(a, w.a.id, daysAgo(2));
      sent.a1 = await video(a, w.a.id, daysAgo(1));
      await video(a, w.a.id, daysAgo(5));
      const review = await sendVisit(volunteer, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(5),
        work: 2,
        work_status: true,
        late_remark: 'No network',
      });
      assert.equal(review.statusCode, 201, review.body);
      const insein = await eligiblePatient(w.meal, w.places.ins, 30);
      const [row] = await t.handle.db
        .insert(dots)
        .values({
          uuid: randomUUID(),
          patient_id: insein.id,
          date: daysAgo(4),
          work: 3,
          created: 'app',
          // Its video arrived (a record whose video has not is not in the queue).
          video: `${randomUUID().replaceAll('-', '')}.mp4`,
        })
        .returning({ id: dots.id });
      sent.insein = row!.id;
      // B's record of 6 days ago whose video has not arrived (record first): nothing to watch, not queued.
      const first = await sendVisit(b, {
        uuid: randomUUID(),
        patient_id: w.b.id,
        date: daysAgo(6),
        work: 3,
        late_remark: 'No network',
      });
      assert.equal(first.statusCode, 201, first.body);
    });

    it("lists the videos of the user's townships awaiting a verdict, oldest first, with patient, volunteer, wait and signed link", async () => {
      const { data, total } = await queue(fo);
      assert.deepEqual(
        data.map((r) => r.id),
        [sent.b3, sent.a2, sent.a1],
        "not the volunteer's reviewed day, not another township's, not a record still without its video",
      );
      assert.equal(total, 3);
      const row = data[1]!;
      assert.deepEqual(row.patient, {
        id: w.a.id,
        name: w.a.name,
        SP_code: w.a.SP_code,
        RR_code: w.a.RR_code ?? null,
        DRTB_code: w.a.DRTB_code ?? null,
      });
      assert.equal(row.date, daysAgo(2));
      assert.equal(row.volunteer?.id, w.places.volunteer2, 'the volunteer of that day');
      assert.equal(row.township?.id, w.places.hty);
      assert.equal(row.hours_waited, 0);
      assert.match(row.video_url ?? '', /\/DOT-video\/[^?]+\?/);
      const played = await t.app.inject({ method: 'GET', url: row.video_url!, headers: { range: 'bytes=0-9' } });
      assert.equal(played.statusCode, 206, 'the signed link plays without a token');
      // The MEAL Officer, of no township, sees the Insein video too.
      assert.ok((await queue(w.meal)).data.some((r) => r.id === sent.insein));
    });

    it("a verdict decides the ledger's day at once and the video leaves the queue", async () => {
      const before = await ledger();
      assert.equal(await day(daysAgo(2)), 'awaiting_review');
      const res = await verdict(fo, sent.a2!, { dose_taken: true, remark: 'Swallowed all tablets' });
      assert.equal(res.statusCode, 200, res.body);
      const v = res.json().data as VideoVerdict;
      assert.deepEqual(
        [v.id, v.patient_id, v.date, v.dose_taken, v.remark, v.corrected],
        [sent.a2, w.a.id, daysAgo(2), true, 'Swallowed all tablets', false],
      );
      assert.ok(v.reviewed_by! > 0 && v.reviewed_at && v.reviewed_by_volunteer === null);
      assert.equal(await day(daysAgo(2)), 'observed');
      await assertRolledUp();
      const after = await ledger();
      assert.deepEqual(
        [after.observed_days, after.verified_days, after.awaiting_review_days],
        [before.observed_days + 1, before.verified_days + 1, before.awaiting_review_days - 1],
      );
      assert.deepEqual(
        (await queue(fo)).data.map((r) => r.id),
        [sent.b3, sent.a1],
      );
      const [audit] = (await t.auditEntries()).filter(
        (e) => e.entity === 'dots' && e.action === 'update' && e.entity_id === sent.a2,
      );
      assert.equal(audit?.action, 'update');
      assert.equal((audit?.before as { review_dose_taken: boolean | null }).review_dose_taken, null);
      assert.equal((audit?.after as { review_dose_taken: boolean | null }).review_dose_taken, true);
    });

    it("another township's video is a 404; a video of no video record too", async () => {
      const res = await verdict(fo, sent.insein!, { dose_taken: false });
      assert.equal(res.statusCode, 404, res.body);
      assert.equal(res.json().message, 'Video not found.');
      assert.equal((await verdict(fo, 99_999_999, { dose_taken: false })).statusCode, 404);
    });

    it('a second verdict is a 409 for a role that may not correct it', async () => {
      for (const client of [fo, w.meal]) {
        const res = await verdict(client, sent.a2!, { dose_taken: false });
        assert.equal(res.statusCode, 409, res.body);
        assert.equal(res.json().message, 'This video has already been reviewed!');
      }
      assert.equal(await day(daysAgo(2)), 'observed');
    });

    it('the Project Officer corrects a verdict; the earlier one stays in the audit', async () => {
      const res = await verdict(po, sent.a2!, { dose_taken: false, remark: 'The tablets were not swallowed' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((res.json().data as VideoVerdict).corrected, true);
      assert.equal(res.json().message, 'Verdict has been updated successfully!');
      assert.equal(await day(daysAgo(2)), 'not_observed');
      await assertRolledUp();
      const history = (await t.handle.db.select().from(auditLog).where(eq(auditLog.entity_id, sent.a2!)))
        .filter((e) => e.entity === 'dots' && e.action === 'update')
        .map((e) => [
          (e.before as { review_dose_taken: boolean | null }).review_dose_taken,
          (e.after as { review_dose_taken: boolean | null }).review_dose_taken,
        ]);
      assert.deepEqual(history, [
        [null, true],
        [true, false],
      ]);
    });

    it("the volunteer's review of the day decides it: a verdict on its video is a 409", async () => {
      const [reviewed] = await t.handle.db
        .select({ id: dots.id })
        .from(dots)
        .where(and(eq(dots.date, daysAgo(5)), eq(dots.work, 3)));
      const res = await verdict(po, reviewed!.id, { dose_taken: false });
      assert.equal(res.statusCode, 409, res.body);
    });

    it('bad input is a 400 with the field message', async () => {
      const cases: [object, Record<string, string[]>][] = [
        [{}, { dose_taken: ['Dose taken is required!'] }],
        [{ dose_taken: 'Maybe' }, { dose_taken: ['Dose taken is required!'] }],
        [{ dose_taken: true, remark: 'x'.repeat(1001) }, { remark: ['At most 1000 characters!'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await verdict(fo, sent.a1!, body);
        assert.equal(res.statusCode, 400, res.body);
        assert.deepEqual(res.json().errors, errors);
      }
      assert.ok(
        (await queue(fo)).data.some((r) => r.id === sent.a1),
        'nothing stored',
      );
    });
  });
}
