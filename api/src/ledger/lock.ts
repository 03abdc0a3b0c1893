import { sql, type SQL } from 'drizzle-orm';
import { patients } from '../db/schema';

/**
 * The patient's row before its records: the one lock order of every write of a patient's visit
 * records (`dots`), its pure/hybrid and volunteer history (`change_volunteers`) or its VOT dates
 * (docs/decisions/0076, 0084).
 *
 * The statement triggers on dots (visit_month_counts, migration 0013) lock a counts row of the
 * record's entry and month, and share-lock its entry, in the write itself; a record's foreign keys
 * key-share-lock its entry and patient. A writer that writes records or entries first and takes the
 * patient after (its refresh of the roll-up, its update of the patient) waits for an upload that
 * holds the patient while holding what the upload needs next: a deadlock. So every such
 * transaction locks the patients' rows first, before it writes anything of theirs, several
 * patients in ascending id order, and then writes the records, the entries, the patient row and
 * the roll-up: `lockPatients` (./patient-lock.ts) answers the lock, and the roll-up of a write path
 * is refreshed only through it (`.refreshLedgers()`, `.rollUpNewVisit(…)`).
 * test/patient-lock-order.test.ts checks every writer.
 *
 * In a statement of its own, before the reads its checks and its writes need: under READ
 * COMMITTED a statement that waits for a row lock keeps the snapshot it began with (only the locked
 * row itself is read again), so a statement that read the history and locked the patient at once
 * would act on the history as it was before a change that committed while it waited. The next
 * statement sees every write committed before the lock was granted.
 *
 * FOR NO KEY UPDATE: writers of one patient wait for each other, but a record's foreign key check
 * (FOR KEY SHARE) does not wait for them.
 */

/** The patients' ids, once each and in ascending order, as a list of int parameters (null: none). */
export function patientIdList(patientIds: Iterable<number>): SQL | null {
  const ids = [...new Set(patientIds)].sort((a, b) => a - b);
  return ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )
    : null;
}

/** Locks the patients of the list (patientIdList) in id order, within `scope` (a condition on patients) when given. */
export const lockStatement = (list: SQL, scope?: SQL) =>
  sql`select id from ${patients} where id in (${list})${scope ? sql` and ${scope}` : sql``} order by id for no key update`;
