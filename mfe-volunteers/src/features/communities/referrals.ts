import { REFERRAL_PLACES } from '@vot/shared/domain';
import { REFERRAL_MESSAGES, referralSchema, type ReferralInput } from '@vot/shared/schemas';
import { optionsOf, type RowInputDef } from '@vot/shared/lists';

/** The inputs of one referral count: total is worked out, each place is used once (SPEC.md §4). */
export const REFERRAL_INPUTS: RowInputDef<ReferralInput>[] = [
  { name: 'male', label: 'Male', type: 'number' },
  { name: 'female', label: 'Female', type: 'number' },
  {
    name: 'total',
    label: 'Total',
    type: 'number',
    compute: (r) => (r.male === undefined || r.female === undefined ? undefined : r.male + r.female),
  },
  { name: 'place', label: 'Place', type: 'select', options: optionsOf(REFERRAL_PLACES), once: true },
];

export const REFERRAL_COLUMNS: { field: keyof ReferralInput; header: string }[] = [
  { field: 'place', header: 'Place' },
  { field: 'male', header: 'Male' },
  { field: 'female', header: 'Female' },
  { field: 'total', header: 'Total' },
];

/**
 * The first problem of a referral row, in the order the inputs read (SPEC.md §5: male, female,
 * total, place), by the schema the API checks. A row of nobody (0 and 0) asks for a total too:
 * it would count a referral that did not happen.
 */
export function referralProblem(row: Partial<ReferralInput>): string | undefined {
  for (const field of ['male', 'female', 'total', 'place'] as const) {
    try {
      referralSchema.validateSyncAt(field, row);
    } catch (e) {
      return (e as Error).message;
    }
    if (field === 'total' && row.total === 0) return REFERRAL_MESSAGES.total;
  }
  return undefined;
}

/** People referred by an activity: the sum of its rows' totals. */
export const referredCount = (rows: ReferralInput[]) => rows.reduce((sum, r) => sum + r.total, 0);
