import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { MissedDoseCounts } from './rows';

/**
 * Group 6 from the dose ledger (api/src/ledger): how many of the cohort's VOT patients fall in each
 * missed-dose band as of the end date, per township and quarter. Not a second definition of a
 * missed dose: the bands are the ledger's.
 */
export async function missedDoses(_db: Database, _where: SQL, _asOf: string): Promise<Map<string, MissedDoseCounts>> {
  // The ledger lands from branch `ledger`; until it is merged the group is empty.
  return new Map();
}
