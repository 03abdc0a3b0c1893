import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { AppVideoReviewRow, LedgerDay, VideoReviewRow, VideoVerdict } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { dots, volunteers } from '../src/db/schema';
import { rollupDriftSql } from '../src/ledger/rollup';
import { appSignIn, appWorld, MP4_BYTES, sendVisit, V, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * The volunteer reviews first (docs/decisions/0176): GET app/video-reviews lists the videos of the
 * volunteer's own days awaiting a verdict for 24 hours after they arrive; then, or at once when the
 * day had no active volunteer, they are in the staff's queue. The volunteer's verdict is stored,
 * audited and followed by the ledger as a staff verdict; another volunteer's video is a 404, a staff
 * token on the app's call a 401, a patient's app token a 403.
 */
for (const backend of await backends()) {
  describe(`The volunteer's video review queue on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let fo: Client;
    let po: Client;
    let volunteer1: Client;
    let volunteer2: Client;
    let patientA: Client;
    const sent: Record<string, number> = {};

    const video = async (client: Client, patient_id: number, date: string) => {
      const res = await sendVisit(
        client,
        { uuid: randomUUID(), patient_id, date, work: 3, late_remark: 'No network' },
        {
          video: MP4_BYTES,
        },
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data.id as number;
    };
    const mine = async (client: Client) => {
      const res = await client.get('app/video-reviews');
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as AppVideoReviewRow[];
    };
    const staffQueue = async (client: Client = fo) =>
      ((await client.get('video-reviews?page=1')).json().data as VideoReviewRow[]).map((r) => r.id);
    const verdict = (client: Client, id: number, body: object) => client.post(`app/video-reviews/${id}`, body);
    const day = async (date: string) =>
      ((await w.meal.get(`DOT-ledger-days/${w.a.id}`)).json().data as LedgerDay[]).find((d) => d.date === date)?.status;
    /** The video arrived `hours` ago. */
    const arrived = (id: number, hours: number) =>
      t.handle.db.execute(sql`update dots set created_at = now() - make_interval(hours => ${hours}) where id = ${id}`);

    // A's days: volunteer 1 until 10 days ago, volunteer 2 since; B's: volunteer 2.
    before(async () => {
      w = await appWorld(t);
      fo = await t.signInAs('Field Officer');
      po = await t.signInAs('Project Officer');
      patientA = await appSignIn(t.app, 'patient', w.codes.a);
      const b = await appSignIn(t.app, 'patient', w.codes.b);
      volunteer1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      volunteer2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      sent.b3 = await video(b, w.b.id, daysAgo(3));
      sent.a2 = await video(patientA, w.a.id, daysAgo(2));
      sent.a1 = await video(patientA, w.a.id, daysAgo(1));
      sent.a20 = await video(patientA, w.a.id, daysAgo(20));
    });

    it("lists the videos of the volunteer's own days awaiting a verdict, oldest first; staff do not see them yet", async () => {
      const rows = await mine(volunteer2);
      assert.deepEqual(
        rows.map((r) => r.id),
        [sent.b3, sent.a2, sent.a1],
      );
      const row = rows[1]!;
      assert.equal(row.patient.id, w.a.id);
      assert.equal(row.volunteer?.id, w.places.volunteer2);
      assert.equal(Date.parse(row.escalates_at) - Date.parse(row.sent_at), 24 * 3600_000);
      const played = await t.app.inject({ method: 'GET', url: row.video_url!, headers: { range: 'bytes=0-9' } });
      assert.equal(played.statusCode, 206, 'the signed link plays without a token');
      assert.deepEqual(
        (await mine(volunteer1)).map((r) => r.id),
        [sent.a20],
        "the day of A's former volunteer is theirs",
      );
      assert.deepEqual(await staffQueue(), []);
    });

    it('a video left 24 hours goes to the staff queue and leaves the volunteer’s', async () => {
      await arrived(sent.a1!, 25);
      assert.deepEqual(
        (await mine(volunteer2)).map((r) => r.id),
        [sent.b3, sent.a2],
      );
      assert.deepEqual(await staffQueue(), [sent.a1]);
    });

    it("the volunteer's verdict is stored, audited and decides the ledger's day as a staff verdict", async () => {
      assert.equal(await day(daysAgo(2)), 'awaiting_review');
      const res = await verdict(volunteer2, sent.a2!, { dose_taken: true, remark: 'Swallowed' });
      assert.equal(res.statusCode, 200, res.body);
      const v = res.json().data as VideoVerdict;
      assert.deepEqual(
        [v.id, v.dose_taken, v.remark, v.reviewed_by, v.reviewed_by_volunteer, v.corrected],
        [sent.a2, true, 'Swallowed', null, w.places.volunteer2, false],
      );
      assert.equal(await day(daysAgo(2)), 'observed');
      assert.deepEqual(await rowsOf(t.handle.db, rollupDriftSql()), []);
      const [audit] = (await t.auditEntries()).filter(
        (e) => e.entity === 'dots' && e.action === 'update' && e.entity_id === sent.a2,
      );
      assert.equal(audit?.action, 'update');
      assert.equal(audit?.actor_email, `volunteer:${w.codes.volunteer2}`);
      assert.equal((audit?.after as { reviewed_by_volunteer: number }).reviewed_by_volunteer, w.places.volunteer2);
      assert.ok(!(await mine(volunteer2)).some((r) => r.id === sent.a2));
    });

    it('a second verdict is a 409 for the volunteer; a supervisor corrects it', async () => {
      const again = await verdict(volunteer2, sent.a2!, { dose_taken: false });
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(again.json().message, 'This video has already been reviewed!');
      const fixed = await po.post(`video-reviews/${sent.a2}`, { dose_taken: false });
      assert.equal(fixed.statusCode, 200, fixed.body);
      const v = fixed.json().data as VideoVerdict;
      assert.deepEqual([v.corrected, v.reviewed_by_volunteer], [true, null]);
      assert.equal(await day(daysAgo(2)), 'not_observed');
    });

    it('an escalated video still takes the volunteer’s verdict until someone gives one', async () => {
      const res = await verdict(volunteer2, sent.a1!, { dose_taken: true });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(await staffQueue(), []);
    });

    it("another volunteer's video is a 404; a staff token a 401; a patient's app token a 403", async () => {
      for (const [client, id] of [
        [volunteer1, sent.b3],
        [volunteer2, sent.a20],
        [volunteer1, 99_999_999],
      ] as const) {
        const res = await verdict(client, id!, { dose_taken: true });
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(res.json().message, 'Video not found.');
      }
      assert.equal((await fo.get('app/video-reviews')).statusCode, 401);
      assert.equal((await verdict(fo, sent.b3!, { dose_taken: true })).statusCode, 401);
      assert.equal((await patientA.get('app/video-reviews')).statusCode, 403);
      assert.equal((await verdict(patientA, sent.b3!, { dose_taken: true })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: `${V}/app/video-reviews` })).statusCode, 401);
    });

    it('bad input is a 400 with the field message', async () => {
      const res = await verdict(volunteer2, sent.b3!, { dose_taken: 'Maybe' });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json().errors, { dose_taken: ['Dose taken is required!'] });
      assert.ok((await mine(volunteer2)).some((r) => r.id === sent.b3));
    });

    it('a video of a day whose volunteer is no longer active goes to staff at once', async () => {
      // The nation's queue finds it as the township's does (docs/decisions/0206).
      assert.ok(!(await staffQueue(w.meal)).includes(sent.a20!), 'still the volunteer’s');
      await t.handle.db.update(volunteers).set({ status: 0 }).where(eq(volunteers.id, w.places.volunteer1));
      assert.deepEqual(await staffQueue(), [sent.a20]);
      assert.ok((await staffQueue(w.meal)).includes(sent.a20!), 'in the nation’s queue');
      const [row] = await t.handle.db.select({ created_at: dots.created_at }).from(dots).where(eq(dots.id, sent.a20!));
      assert.ok(Date.now() - row!.created_at.getTime() < 3600_000, 'sent within the hour');
    });
  });
}
