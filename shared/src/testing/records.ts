// Records more than one suite checks against, in plain TypeScript (no React): the API's node
// tests import them through @vot/shared/testing/records, the console's jest tests through
// @vot/shared/testing. Test code only, as the rest of this folder.
import type { LedgerSummary } from '@vot/shared/schemas';

/**
 * The dose ledger of a patient on VOT from 2026-03-01, as of 2026-03-10: observed on four days
 * (the 1st, 2nd, 6th and 7th; verified on the 1st and 7th: in person, a reviewed video), not observed
 * on the 3rd, nothing recorded on four. The API's ledger
 * test computes it from those records; the screens' tests show it.
 */
export const MARCH_LEDGER: LedgerSummary = {
  patient_id: 11,
  counted_from: '2026-03-01',
  counted_to: '2026-03-09',
  days_elapsed: 9,
  observed_days: 4,
  not_observed_days: 1,
  unrecorded_days: 4,
  missed_days: 5,
  adherence: 44.4,
  verified_days: 2,
  verified_adherence: 22.2,
  awaiting_review_days: 0,
  missed_band: 'over50',
  longest_missed_run: 3,
  current_missed_run: 2,
  last_observed_date: '2026-03-07',
  days_since_last_observed: 3,
};

/** A patient registration's required fields besides who, where and when (SPEC.md §5), to spread into a test's own. */
export const REGISTRATION_DETAILS = {
  treatment_regimen: '1. LTR',
  patient_address: 'Ward 3',
  patient_phone_no: '09421234567',
  contact_info: 'Son',
  contact_phone_no: '0942123',
  primary_language: 'Burmese',
  height: 160,
  weight: 50,
  BMI: 19.5,
};
