import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { dots } from '../src/db/schema';
import { backends, useApp } from './helpers';
import { random, seedOf } from './seeded';
import { daysAgo, votPatientInDb, votPlaces } from './vot-fixtures';

/**
 * A patient's video (work 3) knows whether a volunteer's video review (work 2) of its patient's
 * day exists (dots.day_reviewed_by_volunteer, kept by the triggers of migration 0033,
 * docs/decisions/0201): after any sequence of records written, moved to another day or patient,
 * changed in kind and removed, in any order, the column equals a look at the day's records.
 * REVIEWED_DAY_SEED=n repeats a run.
 */

const SEED = seedOf('REVIEWED_DAY_SEED');

/** The videos whose column disagrees with their day's records. */
const disagreeing = (db: Database) =>
  rowsOf<{ id: number }>(
    db,
    sql`select v.id from dots v where v.work = 3 and v.day_reviewed_by_volunteer is distinct from exists (
      select 1 from dots r where r.patient_id = v.patient_id and r.date = v.date and r.work = 2)`,
  );

for (const backend of await backends()) {
  describe(`A video's day reviewed by its volunteer on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    const db = () => t.handle.db;
    const patientIds: number[] = [];

    // Sets up two patients on VOT
    before(async () => {
      const places = await votPlaces(db());
      const fo = await t.signInAs('Field Officer');
      for (let i = 0; i < 2; i++) patientIds.push((await votPatientInDb(db(), fo, places, daysAgo(20))).id);
    });

    const add = async (patient_id: number, date: string, work: number) => {
      const [row] = await db()
        .insert(dots)
        .values({
          uuid: randomUUID(),
          patient_id,
          date,
          work,
          video: work === 3 ? `${randomUUID()}.mp4` : null,
          created: 'app',
        })
        .returning({ id: dots.id, flag: dots.day_reviewed_by_volunteer });
      return row!;
    };
    const flagOf = async (id: number) =>
      (await db().select({ flag: dots.day_reviewed_by_volunteer }).from(dots).where(eq(dots.id, id)))[0]!.flag;

    it('marks a video when its day is reviewed, before or after it arrives, and unmarks it when the review goes', async () => {
      const [p] = patientIds;
      const video = await add(p!, daysAgo(3), 3);
      assert.equal(video.flag, false, 'no review of the day yet');
      const review = await add(p!, daysAgo(3), 2);
      assert.equal(await flagOf(video.id), true, 'the review of its day');
      const later = await add(p!, daysAgo(3), 3);
      assert.equal(later.flag, true, 'a video of a day already reviewed');
      await add(p!, daysAgo(4), 2);
      const other = await add(p!, daysAgo(5), 3);
      assert.equal(other.flag, false, 'another day reviewed');
      await db().delete(dots).where(eq(dots.id, review.id));
      assert.equal(await flagOf(video.id), false, 'the review removed');
      assert.equal(await flagOf(later.id), false);
    });

    it("agrees with the day's records after random writes, moves, changes of kind and deletes", async () => {
      const rnd = random(SEED);
      const ids: number[] = [];
      for (let step = 0; step < 150; step++) {
        const action = rnd.next();
        if (action < 0.45 || ids.length < 4) {
          ids.push((await add(rnd.pick(patientIds), daysAgo(rnd.int(0, 6)), rnd.pick([2, 3, 3, 1]))).id);
        } else if (action < 0.65) {
          await db()
            .update(dots)
            .set({ date: daysAgo(rnd.int(0, 6)) })
            .where(eq(dots.id, rnd.pick(ids)));
        } else if (action < 0.75) {
          await db()
            .update(dots)
            .set({ patient_id: rnd.pick(patientIds) })
            .where(eq(dots.id, rnd.pick(ids)));
        } else if (action < 0.85) {
          await db()
            .update(dots)
            .set({ work: rnd.pick([1, 2, 3]) })
            .where(eq(dots.id, rnd.pick(ids)));
        } else {
          const id = rnd.pick(ids);
          await db().delete(dots).where(eq(dots.id, id));
          ids.splice(ids.indexOf(id), 1);
        }
        assert.deepEqual(await disagreeing(db()), [], `seed ${SEED}, step ${step}`);
      }
    });
  });
}
