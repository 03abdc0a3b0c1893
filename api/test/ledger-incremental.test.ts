import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { changeVolunteers, dots, patients } from '../src/db/schema';
import {
  lockPatients,
  refreshAllLedgers,
  refreshLedgers,
  rollUpNewVisit,
  rollupDriftSql,
  type NewVisitRollUp,
} from '../src/ledger';
import { rowsOf } from '../src/db/rows';
import { appSignIn, appWorld, MP4_BYTES, ownVisit, PNG_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { random, seedOf } from './seeded';
import { daysAgo, votPatientInDb, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * The roll-up's update from a new record alone (rollUpNewVisit, api/src/ledger/rollup.ts): after any
 * sequence of new records — in random order and dates, late ones for past days, repeats of a day,
 * days before and after the recorded ones and outside the VOT, month ends, no-app boxes, several
 * at once for one patient — the roll-up equals what refreshLedgers builds from the records
 * (rollupDriftSql empty after every step, and the tables unchanged by a full rebuild at the end).
 * Random but reproducible: LEDGER_SEED=n repeats a run (the seed is in every failure's message).
 */

const SEED = seedOf('LEDGER_SEED');

const drift = async (db: Database) =>
  (await rowsOf<{ patient_id: number }>(db, rollupDriftSql())).map((r) => r.patient_id);

/** Both roll-up tables, in key order: to compare with a rebuild's. */
async function rollUpTables(db: Database) {
  return {
    ledgers: await rowsOf(
      db,
      sql`select patient_id, start_date::text, end_date::text, observed_days, not_observed_days, last_observed_date::text, last_decided_date::text, longest_gap, missed_since::text, verified_days, last_pending_date::text from patient_ledgers order by patient_id`,
    ),
    months: await rowsOf(
      db,
      sql`select patient_id, month::text, observed_days, observed_before, not_observed_days, observed_mask, decided_mask, pending_mask, verified_mask from patient_ledger_months order by patient_id, month`,
    ),
  };
}

/** yyyy-mm-dd `n` days after `day`. */
function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

for (const backend of await backends()) {
  describe(`Dose ledger roll-up from each new record on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    const db = () => t.handle.db;
    let places: VotPlaces;
    let fo: Client;
    /** Each patient: its id and the change-volunteer entries its records may be filed under (null: none). */
    const people: { id: number; entries: (number | null)[] }[] = [];
    const outcomes: Record<NewVisitRollUp, number> = { updated: 0, unchanged: 0, rebuilt: 0 };

    /**
     * A new record of the patient, then its roll-up update in the same transaction, as a write path
     * does: the patient's row locked before the insert (the dashboard visit), in the insert's own
     * statement (the app upload), or by rollUpNewVisit after the insert.
     */
    async function record(
      patientId: number,
      date: string,
      work: number,
      work_status: boolean | null,
      entry: number | null,
      lock: 'before' | 'in' | 'after' = 'before',
      review: boolean | null = null,
      awaited = false,
    ) {
      return db().transaction(async (tx) => {
        const locked = lock === 'before' ? await lockPatients(tx, [patientId]) : null;
        const [row] =
          lock === 'in'
            ? await rowsOf<{ id: number; patient_id: number }>(
                tx,
                sql`with target as (select id from patients where id = ${patientId}::int for no key update)
                  insert into dots (uuid, patient_id, change_volunteer_id, date, work, work_status, review_dose_taken, video_awaited, created)
                  select ${randomUUID()}, target.id, ${entry}::int, ${date}::date, ${work}::int, ${work_status}::boolean, ${review}::boolean, ${awaited}::boolean, ${work >= 5 ? 'dashboard' : 'app'} from target
                  returning id, patient_id`,
              )
            : await tx
                .insert(dots)
                .values({
                  uuid: randomUUID(),
                  patient_id: patientId,
                  change_volunteer_id: entry,
                  date,
                  work,
                  work_status,
                  review_dose_taken: review,
                  video_awaited: awaited,
                  created: work >= 5 ? 'dashboard' : 'app',
                })
                .returning({ id: dots.id, patient_id: dots.patient_id });
        // 'in': the insert's own statement took the lock, so the lock taken here is already held.
        const outcome =
          lock === 'after'
            ? await rollUpNewVisit(tx, row!)
            : await (locked ?? (await lockPatients(tx, [patientId]))).rollUpNewVisit(row!);
        outcomes[outcome] += 1;
        return outcome;
      });
    }

    // Sets up patients on VOT with edge cases of window and entries
    before(async () => {
      places = await votPlaces(db());
      fo = await t.signInAs('Field Officer');
      const add = async (start: string | null, options: Parameters<typeof votPatientInDb>[4]) =>
        (await votPatientInDb(db(), fo, places, start, options)).id;
      // Open VOT from 20 January, an App entry then a No App one from 15 February (a hybrid history: some records are no-app boxes).
      const hybrid = await add('2026-01-20', { type: 'App' });
      const [noAppEntry] = await db()
        .insert(changeVolunteers)
        .values({
          patient_id: hybrid,
          change_date: '2026-02-15',
          pure_or_hybrid: 'Hybrid',
          with_volunteer: 'Yes',
          volunteer_id: places.volunteer1,
          type: 'No App',
        })
        .returning();
      const entriesOf = async (id: number) => [
        ...(
          await db()
            .select({ id: changeVolunteers.id })
            .from(changeVolunteers)
            .where(eq(changeVolunteers.patient_id, id))
        ).map((e) => e.id),
        null,
      ];
      people.push({
        id: hybrid,
        entries: [...(await entriesOf(hybrid)).filter((e) => e !== noAppEntry!.id), noAppEntry!.id],
      });
      // Ended VOT: records after the end do not count.
      const ended = await add('2026-01-10', { end: '2026-02-20', type: 'App' });
      people.push({ id: ended, entries: await entriesOf(ended) });
      // No App patient: records count by their status alone.
      const noApp = await add('2026-02-01', { type: 'No App' });
      people.push({ id: noApp, entries: await entriesOf(noApp) });
      // Starts late in March, without a volunteer; a patient who declined VOT (no roll-up at all).
      const late = await add('2026-03-20', { type: null });
      people.push({ id: late, entries: await entriesOf(late) });
      const declined = await add('2026-02-01', { type: 'App', accept: 'No' });
      people.push({ id: declined, entries: await entriesOf(declined) });
      await refreshAllLedgers(db());
      assert.deepEqual(await drift(db()), []);
    });

    it('equals a rebuild after every one of many records in random order and dates', async () => {
      const rnd = random(SEED);
      const days = new Map<number, string[]>(people.map((p) => [p.id, []]));
      for (let step = 0; step < 240; step++) {
        const person = rnd.pick(people);
        const seen = days.get(person.id)!;
        // A day already recorded (a repeat), one next to it, or any day from before the earliest start to after the last end.
        const choice = rnd.next();
        const date =
          seen.length && choice < 0.3
            ? rnd.pick(seen)
            : seen.length && choice < 0.5
              ? plusDays(rnd.pick(seen), rnd.pick([-1, 1]))
              : plusDays('2026-01-05', rnd.int(0, 95));
        seen.push(date);
        const work = rnd.int(1, 6);
        const status = rnd.pick([true, false, null] as const);
        const entry = rnd.pick(person.entries);
        const lock = rnd.pick(['before', 'in', 'after'] as const);
        // A patient's video with its reviewer's verdict, or awaiting it; the verdict is read on work 3 only.
        const review = rnd.pick([true, false, null] as const);
        // A patient's record whose video has not arrived (uploading or missing): no evidence (docs/decisions/0134).
        const awaited = work === 3 && rnd.next() < 0.4;
        const outcome = await record(person.id, date, work, status, entry, lock, review, awaited);
        const what = `seed ${SEED}, step ${step}: patient ${person.id}, ${date}, work ${work}, status ${status}, review ${review}, video awaited ${awaited}, entry ${entry}, lock ${lock} → ${outcome}`;
        assert.deepEqual(await drift(db()), [], what);
      }
      // Every path was taken: the update from the record, nothing to do, and the rebuild.
      assert.ok(outcomes.updated > 20, JSON.stringify(outcomes));
      assert.ok(outcomes.unchanged > 10, JSON.stringify(outcomes));
      assert.ok(outcomes.rebuilt > 0, JSON.stringify(outcomes));
      const kept = await rollUpTables(db());
      await refreshAllLedgers(db());
      assert.deepEqual(await rollUpTables(db()), kept, 'refreshLedgers builds the same tables');
    });

    it('equals a rebuild after records of one patient written at once, however the writes lock the patient', async () => {
      const rnd = random(SEED + 1);
      const [hybrid, , noApp] = people;
      // Writers that lock the patient before or in the insert, together; then writers that lock it after.
      // (Not one of each at once: the statement triggers on dots lock a counts row in the insert, so
      // the two orders can deadlock, which is why every route locks the patient first.)
      for (const [round, locks] of [
        [0, ['before', 'in']],
        [1, ['before', 'in']],
        [2, ['after']],
        [3, ['after']],
      ] as const) {
        const writes = Array.from({ length: 8 }, (_, i) => {
          const person = i % 2 ? hybrid! : noApp!;
          return record(
            person.id,
            plusDays('2026-01-25', rnd.int(0, 70)),
            rnd.int(1, 6),
            rnd.pick([true, false, null] as const),
            rnd.pick(person.entries),
            locks[i % locks.length],
          );
        });
        await Promise.all(writes);
        assert.deepEqual(await drift(db()), [], `seed ${SEED}, round ${round}`);
      }
    });

    it('rebuilds a patient whose stored roll-up does not agree with the patient', async () => {
      const [hybrid, ended] = people;
      await db().execute(sql`delete from patient_ledgers where patient_id = ${hybrid!.id}`);
      assert.equal(
        await record(hybrid!.id, '2026-03-03', 2, true, hybrid!.entries[0]!),
        'rebuilt',
        'no patient_ledgers row',
      );
      assert.deepEqual(await drift(db()), []);
      // VOT dates changed without the refresh (every route refreshes; this one is a test's shortcut).
      await db().update(patients).set({ DOT_end_date: '2026-02-25' }).where(eq(patients.id, ended!.id));
      assert.equal(await record(ended!.id, '2026-02-01', 2, true, ended!.entries[0]!), 'rebuilt', 'other VOT dates');
      assert.deepEqual(await drift(db()), []);
      // The patient taken off VOT (again without the refresh): its stale rows go.
      await db().update(patients).set({ VOT_accept: 'No' }).where(eq(patients.id, ended!.id));
      assert.equal(await record(ended!.id, '2026-02-02', 2, true, ended!.entries[0]!), 'rebuilt', 'off VOT');
      assert.deepEqual(await drift(db()), []);
      assert.equal((await rowsOf(db(), sql`select 1 from patient_ledgers where patient_id = ${ended!.id}`)).length, 0);
      assert.equal(
        await record(ended!.id, '2026-02-03', 2, true, ended!.entries[0]!),
        'unchanged',
        'not on VOT: nothing to keep',
      );
    });

    it('updates from the record alone where it can, and rebuilds when a day splits the longest gap', async () => {
      const p = await votPatientInDb(db(), fo, places, '2026-01-01', { type: 'App' });
      await refreshLedgers(db(), [p.id]);
      const [entry] = await db()
        .select({ id: changeVolunteers.id })
        .from(changeVolunteers)
        .where(eq(changeVolunteers.patient_id, p.id));
      const steps: [string, boolean | null, NewVisitRollUp, number][] = [
        ['2026-01-02', true, 'updated', 1], // the first observed day: the gap from the day before the start
        ['2026-01-02', false, 'unchanged', 1], // already observed: not taken changes nothing
        ['2026-01-03', false, 'updated', 1], // not observed
        ['2026-01-03', null, 'updated', 1], // a video of that day without status: observed after all
        ['2026-03-01', true, 'updated', 56], // a new month after an empty one: a gap of 56 days
        ['2026-07-31', true, 'updated', 151], // the 31st (bit 30), months later: the longest gap
        ['2026-02-10', true, 'updated', 151], // late, in the empty February: a month row between, later months' observed_before + 1; splits a gap shorter than the longest
        ['2026-03-15', false, 'updated', 151], // not observed in a month with records
        ['2026-02-11', null, 'updated', 151], // next to a late day
        ['2025-12-31', true, 'unchanged', 151], // before the start
        ['2026-05-15', true, 'rebuilt', 76], // splits the longest gap (03-01 … 07-31): the next longest is not stored
        ['2026-04-01', false, 'updated', 76], // a not-observed day in a new month between others
      ];
      for (const [date, status, expected, longest] of steps) {
        assert.equal(await record(p.id, date, 2, status, entry!.id), expected, `${date} ${status}`);
        assert.deepEqual(await drift(db()), [], `${date} ${status}`);
        const [row] = await rowsOf<{ longest_gap: number }>(
          db(),
          sql`select longest_gap from patient_ledgers where patient_id = ${p.id}`,
        );
        assert.equal(row!.longest_gap, longest, `${date} ${status}`);
      }
    });
  });

  describe(`Dose ledger roll-up kept by random app uploads on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let v1: Client;
    let v2: Client;
    let pa: Client;

    // Sets up the app world
    before(async () => {
      w = await appWorld(t);
      v1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      pa = await appSignIn(t.app, 'patient', w.codes.a);
      assert.deepEqual(await drift(t.handle.db), []);
    });

    it('equals a rebuild after each batch of uploads sent at once: random days, late ones, repeats, dashboard visits among them', async () => {
      const rnd = random(SEED + 2);
      type Upload = { client: Client; record: object; files: Record<string, Buffer> };
      const sent: Upload[] = [];
      // A patient's own video is one a day (a second one of a day is a 409): the days A has sent one.
      const videoDays = new Set<string>();
      /** A new upload of a random kind and day the sender may record (A: volunteer 1 until 10 days ago, volunteer 2 since; B: volunteer 2). */
      function upload(): Upload {
        const patient = rnd.pick([w.a, w.b]);
        const ago = rnd.int(0, 40);
        const client = patient === w.b || ago <= 10 ? v2 : v1;
        const kind = rnd.int(1, 10);
        const base = { uuid: randomUUID(), patient_id: patient.id, date: daysAgo(ago), late_remark: 'No network' };
        if (kind === 1)
          return {
            client,
            record: ownVisit(patient.id, daysAgo(ago), {
              late_remark: 'No network',
              work_status: rnd.pick([true, false]),
            }),
            files: { sign: PNG_BYTES },
          };
        if (kind === 2 && patient === w.a && !videoDays.has(base.date)) {
          videoDays.add(base.date);
          return { client: pa, record: { ...base, work: 3 }, files: { video: MP4_BYTES } };
        }
        if (kind === 3) return { client, record: { ...base, work: 4 }, files: {} };
        return { client, record: { ...base, work: 2, work_status: rnd.next() < 0.6 }, files: {} };
      }
      for (let batch = 0; batch < 14; batch++) {
        const size = rnd.int(1, 7);
        const earlier = [...sent];
        const writes = Array.from({ length: size }, async () => {
          // A repeat of an upload of an earlier batch (the app's retry) changes nothing.
          if (earlier.length && rnd.next() < 0.2) {
            const again = rnd.pick(earlier);
            const res = await sendVisit(again.client, again.record, again.files);
            assert.equal(res.statusCode, 200, res.body);
            return;
          }
          // A dashboard visit of a day of the patient's (staff write beside the app).
          if (rnd.next() < 0.1) {
            const res = await w.meal.post('DOT-with-volunteer-dashboard', {
              patient_id: rnd.pick([w.a, w.b]).id,
              date: daysAgo(rnd.int(0, 40)),
              dose_taken: 'Yes',
              remark: 'Seen on a video call',
            });
            assert.equal(res.statusCode, 201, res.body);
            return;
          }
          const next = upload();
          sent.push(next);
          const res = await sendVisit(next.client, next.record, next.files);
          assert.equal(res.statusCode, 201, `${JSON.stringify(next.record)}: ${res.body}`);
        });
        await Promise.all(writes);
        assert.deepEqual(await drift(t.handle.db), [], `seed ${SEED}, batch ${batch}`);
      }
      const kept = await rollUpTables(t.handle.db);
      await refreshAllLedgers(t.handle.db);
      assert.deepEqual(await rollUpTables(t.handle.db), kept, 'refreshLedgers builds the same tables');
    });
  });
}
