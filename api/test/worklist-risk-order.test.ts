import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows';
import {
  ledgerToday,
  rolledUpFewMissedRunsCountSql,
  rolledUpFewMissedRunsSummarySql,
  rolledUpLongestMissedRunsSummarySql,
  rolledUpMissedRunSummarySql,
} from '../src/ledger';
import { backends, useApp } from './helpers';
import { random, seedOf } from './seeded';
import { daysAgo, votPatientInDb, votPlaces } from './vot-fixtures';

/**
 * The nation's worklist page reads only the candidates that can be among its first rows by risk
 * (docs/decisions/0204): for every page size, the first rows by the worklist's order (longest
 * current run, then lowest adherence, then id) over those candidates equal the first rows over all
 * of them, on roll-up rows whose missed runs start within a few days of each other and whose
 * counted end is today for some and yesterday for others (ties of run across missed_since).
 * A township's candidates read from its patients are the same rows. LEDGER_SEED=n repeats a run.
 */

const SEED = seedOf('LEDGER_SEED');
const PATIENTS = 24;
const THRESHOLD = 2;
const ORDER = sql.raw('order by current_missed_run desc, adherence asc nulls first, patient_id');

for (const backend of await backends()) {
  describe(`The worklist's first rows by risk on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    const db = () => t.handle.db;
    let township = 0;

    // Sets up patients on VOT whose roll-up rows have missed runs of 2 to 8 days, decided today or not
    before(async () => {
      const places = await votPlaces(db());
      township = places.hty;
      const fo = await t.signInAs('Field Officer');
      const rnd = random(SEED);
      const start = daysAgo(60);
      for (let i = 0; i < PATIENTS; i++) {
        const p = await votPatientInDb(db(), fo, places, start);
        const since = daysAgo(2 + Math.floor(rnd.next() * 7));
        const observed = Math.floor(rnd.next() * 50);
        // No observed day at all for some: the run starts the day before the VOT.
        const lastObserved = rnd.next() < 0.15 ? null : since;
        await db().execute(
          sql`insert into patient_ledgers (patient_id, start_date, end_date, observed_days, not_observed_days,
              last_observed_date, last_decided_date, longest_gap, missed_since, verified_days)
            values (${p.id}, ${start}::date, null, ${lastObserved ? observed : 0}, ${Math.floor(rnd.next() * 5)},
              ${lastObserved}::date, ${rnd.next() < 0.5 ? daysAgo(0) : daysAgo(1)}::date, 3,
              ${lastObserved ?? daysAgo(61)}::date, 0)
            on conflict (patient_id) do update set start_date = excluded.start_date, end_date = null,
              observed_days = excluded.observed_days, not_observed_days = excluded.not_observed_days,
              last_observed_date = excluded.last_observed_date, last_decided_date = excluded.last_decided_date,
              longest_gap = excluded.longest_gap, missed_since = excluded.missed_since, verified_days = 0,
              last_pending_date = null`,
        );
      }
    });

    it('gives the same first rows as ordering every candidate, for every page size', async () => {
      const today = ledgerToday();
      const ids = async (q: ReturnType<typeof sql>) =>
        (await rowsOf<{ patient_id: number }>(db(), q)).map((r) => Number(r.patient_id));
      const all = await ids(
        sql`select * from (${rolledUpMissedRunSummarySql(THRESHOLD, undefined, today)}) s ${ORDER}`,
      );
      // A run of 2 days counted to yesterday is 1 day: not every patient is a candidate.
      assert.ok(all.length >= PATIENTS / 2, `most patients are candidates (${all.length})`);
      for (let first = 1; first <= all.length + 2; first++) {
        const read = await ids(
          sql`select * from (${rolledUpLongestMissedRunsSummarySql(THRESHOLD, undefined, today, first)}) s ${ORDER}`,
        );
        assert.deepEqual(read.slice(0, first), all.slice(0, first), `the first ${first}`);
        if (first < all.length) assert.ok(read.length <= all.length, 'never more than every candidate');
      }
    });

    it("a township's candidates, read from its patients, are the nation's candidates of that township", async () => {
      const today = ledgerToday();
      const inTownship = sql`patients.township_id = ${township}`;
      const rows = async (q: ReturnType<typeof sql>) =>
        rowsOf<Record<string, unknown>>(db(), sql`select * from (${q}) s ${ORDER}`);
      const nation = await rows(rolledUpMissedRunSummarySql(THRESHOLD, inTownship, today));
      assert.ok(nation.length > 0);
      assert.deepEqual(await rows(rolledUpFewMissedRunsSummarySql(THRESHOLD, inTownship, today)), nation);
      const [counted] = await rowsOf<{ total: number }>(
        db(),
        rolledUpFewMissedRunsCountSql(THRESHOLD, inTownship, today),
      );
      assert.equal(counted!.total, nation.length);
    });

    it('reads fewer candidates than all for a first page', async () => {
      const today = ledgerToday();
      const [row] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from (${rolledUpLongestMissedRunsSummarySql(THRESHOLD, undefined, today, 1)}) s`,
      );
      const [every] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from (${rolledUpMissedRunSummarySql(THRESHOLD, undefined, today)}) s`,
      );
      assert.ok(row!.n < every!.n, `${row!.n} of ${every!.n}`);
    });
  });
}
