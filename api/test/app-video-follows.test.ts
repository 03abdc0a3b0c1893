import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { VIDEO_AWAIT_HOURS } from '@vot/shared/domain';
import { dots } from '../src/db/schema';
import { VIDEO_OF_DAY_TAKEN } from '../src/routes/app/visits';
import { appSignIn, appWorld, MP4_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * The record first, its video after (docs/api.md "The record first, its video after"): a video
 * sent (work 3) is stored at once without its video and shown to staff as uploading, then missing
 * after VIDEO_AWAIT_HOURS; one video per patient, day and work.
 */
for (const backend of await backends()) {
  describe(`a visit's record before its video on ${backend.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-video-follows-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir: join(dir, 'files') });
    let w: AppWorld;
    let pa: Client;
    before(async () => {
      w = await appWorld(t);
      pa = await appSignIn(t.app, 'patient', w.codes.a);
    });

    const calendarOf = async (patientId: number) => {
      const res = await w.meal.get(`all-DOTs/${patientId}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as { uuid: string; video_state: string | null }[];
    };

    it('stores the record at once, answers it uploading, and shows staff the same until the video comes', async () => {
      const record = { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3, remark: 'took it' };
      const stored = await sendVisit(pa, record);
      assert.equal(stored.statusCode, 201, stored.body);
      assert.equal(stored.json().data.video_state, 'uploading');
      assert.equal(stored.json().data.video_url, null);
      const asked = await pa.get(`app/DOTs/${record.uuid}`);
      assert.equal(asked.json().data.video_state, 'uploading');
      const tile = (await calendarOf(w.a.id)).find((v) => v.uuid === record.uuid);
      assert.equal(tile?.video_state, 'uploading');
      const [row] = await t.handle.db.select().from(dots).where(eq(dots.uuid, record.uuid));
      const detail = await w.meal.get(`DOT/${row!.id}`);
      assert.equal(detail.json().data.video_state, 'uploading');

      // The retry of a record already stored is answered from it, as before.
      const again = await sendVisit(pa, record);
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().data.video_state, 'uploading');

      // Past the wait without its video: missing.
      await t.handle.db
        .update(dots)
        .set({ created_at: sql`now() - make_interval(hours => ${VIDEO_AWAIT_HOURS + 1})` })
        .where(eq(dots.uuid, record.uuid));
      assert.equal((await calendarOf(w.a.id)).find((v) => v.uuid === record.uuid)?.video_state, 'missing');
    });

    it('takes one video per patient, day and work: another record of that day with a video is refused 409', async () => {
      const day = daysAgo(2);
      const first = await sendVisit(
        pa,
        { uuid: randomUUID(), patient_id: w.a.id, date: day, work: 3, late_remark: 'no signal' },
        { video: MP4_BYTES },
      );
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().data.video_state, 'stored');
      for (const files of [{ video: MP4_BYTES }, {}] as Record<string, Buffer>[]) {
        const second = await sendVisit(
          pa,
          { uuid: randomUUID(), patient_id: w.a.id, date: day, work: 3, late_remark: 'again' },
          files,
        );
        assert.equal(second.statusCode, 409, second.body);
        assert.equal(second.json().message, VIDEO_OF_DAY_TAKEN);
      }
      const [{ n }] = (await t.handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(dots)
        .where(eq(dots.date, day))) as [{ n: number }];
      assert.equal(n, 1, 'the refused records are not stored');
    });
  });
}
