import { sql, type SQL } from 'drizzle-orm';
import type { MissedDoseBand } from '@vot/shared/domain';
import type { Database } from '../../../db/client';
import { missedBandAsOfSql } from '../../../ledger';
import { rowsOf } from '../../../db/rows';
import { COHORT } from './cohort';
import { rowKey, type MissedDoseCounts } from './rows';

/**
 * Group 6 from the dose ledger (api/src/ledger): how many of the cohort's VOT patients fall in each
 * missed-dose band as of the end date, per township and quarter. Not a second definition of a
 * missed dose: the bands are the ledger's, read from its monthly roll-up (api/src/ledger/rollup.ts)
 * so a national fiscal year reads a row per patient and month, not every record; a patient with no
 * counted day yet is in no band (and not in the head count).
 */
export async function missedDoses(db: Database, where: SQL, asOf: string): Promise<Map<string, MissedDoseCounts>> {
  const rows = await rowsOf<{ township_id: number; period: string; missed_band: MissedDoseBand; n: number }>(
    db,
    sql`select patients.township_id, ${COHORT} as period, l.missed_band, count(*)::int as n
      from (${missedBandAsOfSql(where, asOf)}) l join patients on patients.id = l.patient_id
      where l.missed_band is not null
      group by 1, 2, 3`,
  );
  const counts = new Map<string, MissedDoseCounts>();
  for (const row of rows) {
    const key = rowKey(Number(row.township_id), row.period);
    const entry = counts.get(key) ?? { under10: 0, from10to50: 0, over50: 0 };
    entry[row.missed_band] += Number(row.n);
    counts.set(key, entry);
  }
  return counts;
}
