import { splitQuarter } from '@vot/shared/domain';
import { shareOf, type AgeSexCounts, type BandCount, type VotReportRow } from '@vot/shared/schemas';
import type { FlatRow } from './query';

/** Group 6 of one township and quarter: patients by missed-dose band (the dose ledger's). */
export interface MissedDoseCounts {
  under10: number;
  from10to50: number;
  over50: number;
}

const NONE: MissedDoseCounts = { under10: 0, from10to50: 0, over50: 0 };

function band(count: number, headCount: number): BandCount {
  return { count, percent: shareOf(count, headCount) };
}

function group<T>(flat: FlatRow, name: string, keys: (keyof T)[]): T {
  return Object.fromEntries(keys.map((k) => [k, Number(flat[`${name}.${String(k)}`])])) as T;
}

const AGE_SEX: (keyof AgeSexCounts)[] = ['under_15_male', 'under_15_female', 'from_15_male', 'from_15_female', 'total'];

/** The key of a township's quarter, to join the ledger's counts to the groups' row. */
export const rowKey = (townshipId: number, period: string) => `${townshipId}/${period}`;

/** One VotReportRow from the groups' flat row and the ledger's counts of that township and quarter. */
export function toRow(flat: FlatRow, missed: Map<string, MissedDoseCounts>): VotReportRow {
  const townshipId = Number(flat.township_id);
  const period = String(flat.period);
  const m = missed.get(rowKey(townshipId, period)) ?? NONE;
  const headCount = m.under10 + m.from10to50 + m.over50;
  return {
    organization: String(flat.organization),
    region: String(flat.region),
    township_id: townshipId,
    township: String(flat.township),
    ...splitQuarter(period),
    screened: group(flat, 'screened', AGE_SEX),
    eligible: group(flat, 'eligible', AGE_SEX),
    enrolled: group(flat, 'enrolled', AGE_SEX),
    declined: group(flat, 'declined', ['total', 'family', 'privacy', 'others']),
    on_vot: Number(flat.on_vot),
    missed_doses: {
      head_count: headCount,
      under_10: band(m.under10, headCount),
      from_10_to_50: band(m.from10to50, headCount),
      over_50: band(m.over50, headCount),
    },
    stopped: group(flat, 'stopped', [
      'total',
      'switch_to_family_dot',
      'deny_vot',
      'phone_damaged_or_lost',
      'technical_issues',
      'internet_problem',
      'others',
    ]),
    cured_completed: group(flat, 'cured_completed', AGE_SEX),
  };
}
