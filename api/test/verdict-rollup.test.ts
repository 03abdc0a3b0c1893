import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { changeVolunteers, dots } from '../src/db/schema';
import { lockPatients, refreshAllLedgers, rollupDriftSql, type VerdictRollUp } from '../src/ledger';
import { backends, useApp } from './helpers';
import { random, seedOf } from './seeded';
import { daysAgo, votPatientInDb, votPlaces } from './vot-fixtures';

/**
 * The roll-up after a verdict (api/src/ledger/verdict-rollup.ts): "dose taken" on a pending day is
 * an update of the day's bits and the patient's verified count, anything else a rebuild; after any
 * sequence of verdicts, corrections among them, on days with other records or none, the roll-up
 * equals what a rebuild makes from the records (rollupDriftSql empty after every step).
 * LEDGER_SEED=n repeats a run.
 */

const SEED = seedOf('LEDGER_SEED');

const drift = async (db: Database) =>
  (await rowsOf<{ patient_id: number }>(db, rollupDriftSql())).map((r) => r.patient_id);

for (const backend of await backends()) {
  describe(`Dose ledger roll-up after each verdict on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    const db = () => t.handle.db;
    const videos: { id: number; patient_id: number }[] = [];

    /**
     * A verdict written with the patient locked: as the review routes write it (`combined`: the
     * verdict and the roll-up's update in one statement, writeVerdict), or the verdict and then the
     * roll-up (rollUpVerdict).
     */
    const verdict = (
      video: { id: number; patient_id: number },
      doseTaken: boolean,
      combined = false,
    ): Promise<VerdictRollUp> =>
      db().transaction(async (tx) => {
        const locked = await lockPatients(tx, [video.patient_id]);
        if (combined)
          return (
            await locked.writeVerdict(
              video,
              sql`update dots set review_dose_taken = ${doseTaken}, reviewed_at = now() where id = ${video.id}
                returning id, patient_id, date, work, review_dose_taken, reviewed_at`,
            )
          ).rollUp;
        await tx.update(dots).set({ review_dose_taken: doseTaken }).where(eq(dots.id, video.id));
        return locked.rollUpVerdict(video);
      });

    // Sets up two patients on VOT with videos awaiting review over two months and other records on some of their days
    before(async () => {
      const places = await votPlaces(db());
      const fo = await t.signInAs('Field Officer');
      const rnd = random(SEED);
      for (const start of [daysAgo(70), daysAgo(40)]) {
        const p = await votPatientInDb(db(), fo, places, start, { type: 'App' });
        const [entry] = await db()
          .select({ id: changeVolunteers.id })
          .from(changeVolunteers)
          .where(eq(changeVolunteers.patient_id, p.id));
        /** A record of the patient's day `ago` days back: a video (work 3, arrived) or a visit in person. */
        const record = async (ago: number, values: { work: number; video?: string; work_status?: boolean }) =>
          (
            await db()
              .insert(dots)
              .values({
                uuid: randomUUID(),
                patient_id: p.id,
                change_volunteer_id: entry!.id,
                date: daysAgo(ago),
                created: 'app',
                ...values,
              })
              .returning({ id: dots.id, patient_id: dots.patient_id })
          )[0]!;
        for (let ago = 72; ago >= 0; ago--) {
          const kind = rnd.next();
          // A patient's video that has arrived and awaits its verdict (one in ten days, two of them).
          if (kind < 0.55)
            for (let n = rnd.next() < 0.1 ? 2 : 1; n > 0; n--)
              videos.push(await record(ago, { work: 3, video: `${randomUUID()}.webm` }));
          // Another record of the day (observed in person, or not taken), on some days with a video too.
          if (kind > 0.45 && kind < 0.75) await record(ago, { work: 1, work_status: rnd.next() < 0.6 });
        }
      }
      await refreshAllLedgers(db());
      assert.deepEqual(await drift(db()), []);
    });

    it('equals a rebuild after every verdict, in random order, corrections among them', async () => {
      const rnd = random(SEED + 1);
      const outcomes: Record<VerdictRollUp, number> = { updated: 0, rebuilt: 0 };
      for (let step = 0; step < 120; step++) {
        const video = rnd.pick(videos);
        const doseTaken = rnd.next() < 0.75;
        const combined = rnd.next() < 0.5;
        const outcome = await verdict(video, doseTaken, combined);
        outcomes[outcome] += 1;
        assert.deepEqual(
          await drift(db()),
          [],
          `seed ${SEED}, step ${step}: video ${video.id} ${doseTaken}${combined ? ' (one statement)' : ''} → ${outcome}`,
        );
      }
      // Both ways were taken: the pending day's update, and the rebuild.
      assert.ok(outcomes.updated > 15, JSON.stringify(outcomes));
      assert.ok(outcomes.rebuilt > 15, JSON.stringify(outcomes));
    });

    it('moves the last pending day back when its video is reviewed', async () => {
      const [p] = await rowsOf<{ patient_id: number; last_pending_date: string }>(
        db(),
        sql`select patient_id, last_pending_date::text from patient_ledgers where last_pending_date is not null limit 1`,
      );
      assert.ok(p, 'a patient with a pending day is left');
      const pending = videos.filter((v) => v.patient_id === p.patient_id);
      const [last] = await rowsOf<{ id: number }>(
        db(),
        sql`select id from dots where patient_id = ${p.patient_id} and date = ${p.last_pending_date}::date and work = 3 and review_dose_taken is null`,
      );
      assert.ok(last && pending.some((v) => v.id === last.id));
      await verdict({ id: last.id, patient_id: p.patient_id }, true, true);
      const [after] = await rowsOf<{ last_pending_date: string | null }>(
        db(),
        sql`select last_pending_date::text from patient_ledgers where patient_id = ${p.patient_id}`,
      );
      assert.ok(after!.last_pending_date === null || after!.last_pending_date < p.last_pending_date);
      assert.deepEqual(await drift(db()), []);
    });
  });
}
