import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isoTime, rowsOf } from '../db/rows';
import { rebuildLocked } from './rollup';

/**
 * The roll-up after a verdict on a patient's video (docs/decisions/0200). The common verdict is
 * "dose taken" on a day that was pending (observed only by videos awaiting review, no record saying
 * not taken): the day stays observed and decided, stops being pending and becomes verified. So the
 * month row loses the day's pending bit and gains its verified bit, the patient's row counts one
 * more verified day, and its last pending day moves back when it was this one (the latest pending
 * bit left in the month rows). Nothing else of the roll-up depends on the day: its observed days,
 * gaps and missed run are unchanged. Every other verdict (not taken, a correction, a day another
 * record decides, a roll-up that does not hold the day as pending) rebuilds the patient's rows.
 */

/** Day of the month (1–31) of the highest bit set in `mask`, null when none is. */
const lastDayOf = (mask: SQL) => sql`(select max(b) from generate_series(1, 31) b where ${mask} & (1 << (b - 1)) <> 0)`;

/**
 * The update of the roll-up from a "dose taken" verdict on a pending day: `verdicts` reads the
 * verdict's record as `d` (its patient, day, work and verdict), from dots or from the verdict's own
 * update in the same statement (`with u as (update … returning …)`: one round trip for both).
 */
function pendingDayVerifiedStatement(verdicts: SQL, write?: SQL): SQL {
  const maskAfter = sql`(case when pm.month = rec.month then pm.pending_mask & ~rec.bit else pm.pending_mask end)`;
  return sql`with ${write ? sql`u as (${write}),` : sql``} rec as (
      select d.patient_id, d.date, date_trunc('month', d.date)::date as month,
        (1 << (extract(day from d.date)::int - 1)) as bit
      from ${verdicts} and d.work = 3 and d.review_dose_taken is true
    ),
    m as (
      update patient_ledger_months pm
      set pending_mask = pm.pending_mask & ~rec.bit, verified_mask = pm.verified_mask | rec.bit
      from rec
      where pm.patient_id = rec.patient_id and pm.month = rec.month and pm.pending_mask & rec.bit <> 0
        and pm.observed_mask & rec.bit <> 0 and pm.verified_mask & rec.bit = 0
      returning pm.patient_id
    ),
    l as (
      update patient_ledgers pl
      set verified_days = pl.verified_days + 1, updated_at = now(),
        last_pending_date = case when pl.last_pending_date = rec.date then (
            select max(pm.month + ${lastDayOf(maskAfter)} - 1) from patient_ledger_months pm
            where pm.patient_id = rec.patient_id and pm.pending_mask <> 0
          ) else pl.last_pending_date end
      from rec
      where pl.patient_id = rec.patient_id and exists (select 1 from m)
      returning pl.patient_id
    )
    select (select count(*) from m)::int as months, (select count(*) from l)::int as ledgers
      ${write ? sql`, (select ${isoTime(sql`u.reviewed_at`)} from u) as reviewed_at` : sql``}`;
}

/** What rollUpVerdictLocked did: the pending day's update, or the patient's rebuild. */
export type VerdictRollUp = 'updated' | 'rebuilt';

/** The pending day's update ran (one month row and the patient's row), else the patient's rows need a rebuild. */
const updatedBoth = (done: { months: number; ledgers: number } | undefined) => done?.months === 1 && done.ledgers === 1;

/**
 * The roll-up after a verdict written on the record (its id and patient) in this transaction, whose
 * patient the transaction holds: only through `LockedPatients` (./patient-lock.ts).
 */
export async function rollUpVerdictLocked(
  tx: Database,
  visit: { id: number; patient_id: number },
): Promise<VerdictRollUp> {
  const [done] = await rowsOf<{ months: number; ledgers: number }>(
    tx,
    pendingDayVerifiedStatement(sql`dots d where d.id = ${visit.id}::int`),
  );
  if (updatedBoth(done)) return 'updated';
  // A month row updated without its patient's row is repaired by the rebuild, in the same statement's transaction.
  await rebuildLocked(tx, sql`${visit.patient_id}::int`);
  return 'rebuilt';
}

/**
 * A verdict written on the record (its id and patient) and the roll-up after it in one statement
 * (`write`: the record's update, which must return its id, patient_id, date, work, review_dose_taken
 * and reviewed_at), then the patient's rebuild when the pending day's update did not apply; whose
 * patient the transaction holds: only through `LockedPatients`. Answers when the verdict was written.
 */
export async function writeVerdictLocked(
  tx: Database,
  visit: { id: number; patient_id: number },
  write: SQL,
): Promise<{ rollUp: VerdictRollUp; reviewed_at: string }> {
  const [done] = await rowsOf<{ months: number; ledgers: number; reviewed_at: string | null }>(
    tx,
    pendingDayVerifiedStatement(sql`u d where d.id = ${visit.id}::int`, write),
  );
  if (!done?.reviewed_at) throw new Error(`visit ${visit.id} was not written`);
  if (updatedBoth(done)) return { rollUp: 'updated', reviewed_at: done.reviewed_at };
  await rebuildLocked(tx, sql`${visit.patient_id}::int`);
  return { rollUp: 'rebuilt', reviewed_at: done.reviewed_at };
}
