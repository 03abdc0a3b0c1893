import type { Database } from '../db/client';
import { inScope } from '../lib/scope';
import type { RequestUser } from '../http/auth';
import { patients } from '../db/schema';
import { lockStatement, patientIdList } from './lock';
import { rebuildLocked, rollUpLocked, type NewVisitRollUp } from './rollup';
import { rollUpVerdictLocked, writeVerdictLocked, type VerdictRollUp } from './verdict-rollup';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The patients' rows held by a transaction (./lock.ts: the patient's row before its records): the
 * only way a write path refreshes the dose ledger's roll-up. It is made by `lockPatients` alone,
 * so a refresh without the lock taken first does not type-check (docs/decisions/0186).
 */
export class LockedPatients {
  private constructor(
    readonly tx: Database,
    readonly ids: readonly number[],
  ) {}

  /** Locks the patients (see lockPatients). */
  static async take(tx: Database, patientIds: Iterable<number>, user?: RequestUser): Promise<LockedPatients> {
    const ids = [...new Set(patientIds)].sort((a, b) => a - b);
    const list = patientIdList(ids);
    if (list) await tx.execute(lockStatement(list, user ? inScope(patients.township_id, user) : undefined));
    return new LockedPatients(tx, ids);
  }

  /**
   * Locks the patients whose ids the query `ids` selects (one column), in id order, in one
   * statement: a record's patient found and locked in one round trip, where the caller reads the
   * record again after the lock (the lock's statement keeps the snapshot it began with).
   */
  static async takeOf(tx: Database, ids: SQL): Promise<LockedPatients> {
    const result = (await tx.execute(
      sql`select id from ${patients} where id in (${ids}) order by id for no key update`,
    )) as unknown as { rows: { id: number }[] };
    return new LockedPatients(
      tx,
      result.rows.map((r) => Number(r.id)),
    );
  }

  /** Rebuilds the roll-up of the locked patients, after the transaction's write of their records. */
  async refreshLedgers(): Promise<void> {
    const list = patientIdList(this.ids);
    if (list) await rebuildLocked(this.tx, list);
  }

  /** Updates the roll-up from one new record of a locked patient (rollUpNewVisit, ./rollup.ts). */
  rollUpNewVisit(visit: { id: number; patient_id: number }): Promise<NewVisitRollUp> {
    if (!this.ids.includes(visit.patient_id)) throw new Error(`patient ${visit.patient_id} is not locked`);
    return rollUpLocked(this.tx, visit);
  }

  /** Updates the roll-up after a verdict on a locked patient's video (rollUpVerdictLocked, ./verdict-rollup.ts). */
  rollUpVerdict(visit: { id: number; patient_id: number }): Promise<VerdictRollUp> {
    if (!this.ids.includes(visit.patient_id)) throw new Error(`patient ${visit.patient_id} is not locked`);
    return rollUpVerdictLocked(this.tx, visit);
  }

  /** Writes a verdict on a locked patient's video and its roll-up in one statement (writeVerdictLocked, ./verdict-rollup.ts). */
  writeVerdict(visit: { id: number; patient_id: number }, write: SQL) {
    if (!this.ids.includes(visit.patient_id)) throw new Error(`patient ${visit.patient_id} is not locked`);
    return writeVerdictLocked(this.tx, visit, write);
  }
}

/**
 * Locks the patients' rows (in ascending id order, whatever order they are given in) inside the
 * caller's transaction, before it writes their records, history or VOT dates, and answers the lock
 * through which the write then refreshes the roll-up. A patient that does not exist is skipped (the
 * caller's own read answers its 404). With the staff member asking, only the patients of their
 * townships are locked: a Field Officer naming another township's patient gets the 404 without
 * having held that patient's row (and made its writers wait) on the way.
 */
export const lockPatients = (tx: Database, patientIds: Iterable<number>, user?: RequestUser) =>
  LockedPatients.take(tx, patientIds, user);

/** Locks the patients a query selects (LockedPatients.takeOf): none when it selects none. */
export const lockPatientsOf = (tx: Database, ids: SQL) => LockedPatients.takeOf(tx, ids);
