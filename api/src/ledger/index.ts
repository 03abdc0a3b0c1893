import { inArray, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { LedgerDay, LedgerSummary } from '@vot/shared/schemas';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { patients } from '../db/schema';
import { rolledUpSummarySql } from './rolled-up';
import { ledgerDaysSql, ledgerSummarySql } from './sql';

/**
 * The dose ledger (docs/decisions/0073). The rules are the SQL of ./sql.ts; this file
 * runs it. Reports import the builders to aggregate nationally; screens use the functions below.
 * Callers apply the user's scope: these read whatever patients they are given.
 */
export {
  DECIDED,
  NO_APP_BOX,
  OBSERVED,
  ON_VOT,
  YANGON_TODAY,
  countedEndSql,
  ledgerDaysSql,
  ledgerSummarySql,
  ledgerWindowSql,
  missedRunAtLeastSql,
  recentDaysSql,
  type AsOf,
} from './sql';
export { LockedPatients, lockPatients, lockPatientsOf } from './patient-lock';
export type { VerdictRollUp } from './verdict-rollup';
export { refreshAllLedgers, refreshLedgers, rollUpNewVisit, rollupDriftSql, type NewVisitRollUp } from './rollup';
export {
  awaitingMaskSql,
  missedBandAsOfSql,
  rolledUpMissedRunCountSql,
  rolledUpMissedRunSql,
  rolledUpMissedRunSummarySql,
  rolledUpLongestMissedRunsSummarySql,
  rolledUpFewMissedRunsSummarySql,
  rolledUpFewMissedRunsCountSql,
  rolledUpSummaryOfRowSql,
  rolledUpSummarySql,
} from './rolled-up';

/** The ledger's as-of day: today in Asia/Yangon (the programme's calendar, not the server's). */
export const ledgerToday = (now: Date = new Date()) => todayIn(undefined, now);

/**
 * The ledger summaries of the VOT patients matching `where` (a condition on `patients`): from the
 * roll-up for today or a later day, live from the records for a past day. (A list's page reads its
 * rows' ledger in its own query: rolledUpSummaryOfRowSql.)
 */
export function ledgerSummaries(
  db: Database,
  where: SQL | undefined,
  asOf: string = ledgerToday(),
): Promise<LedgerSummary[]> {
  const summary = asOf >= ledgerToday() ? rolledUpSummarySql(where, asOf) : ledgerSummarySql(where, asOf);
  return rowsOf<LedgerSummary>(db, sql`${summary} order by t.patient_id`);
}

/** The summaries of these patients by id (those not on VOT are absent). */
export async function ledgerByPatient(
  db: Database,
  ids: number[],
  asOf: string = ledgerToday(),
): Promise<Map<number, LedgerSummary>> {
  if (!ids.length) return new Map();
  const rows = await ledgerSummaries(db, inArray(patients.id, ids), asOf);
  return new Map(rows.map((r) => [r.patient_id, r]));
}

/** One patient's summary, or null when the patient is not on VOT: live from the records (the reference the roll-up agrees with). */
export async function ledgerOf(
  db: Database,
  patientId: number,
  asOf: string = ledgerToday(),
): Promise<LedgerSummary | null> {
  const [row] = await rowsOf<LedgerSummary>(db, ledgerSummarySql(sql`${patients.id} = ${patientId}`, asOf));
  return row ?? null;
}

/** Every counted day of one patient, oldest first (empty when not on VOT). */
export function ledgerDays(db: Database, patientId: number, asOf: string = ledgerToday()): Promise<LedgerDay[]> {
  return rowsOf<LedgerDay>(db, ledgerDaysSql(sql`${patients.id} = ${patientId}`, asOf));
}
