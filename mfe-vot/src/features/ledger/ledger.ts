import { MISSED_DOSE_BAND_LABELS, MISSED_RUN_WARNING } from '@vot/shared/domain';
import type { LedgerSummary } from '@vot/shared/schemas';

/**
 * How the screens write the dose ledger's figures (the rules are the API's, api/src/ledger): one
 * place for the panel, the VOT Status column, the missed-dose list and their exports.
 */
export const adherenceText = (l: LedgerSummary | null | undefined) =>
  l?.adherence == null ? '-' : `${l.adherence.toFixed(1)}%`;
/** Verified adherence (in person or a reviewed video), shown where it differs from the reported one. */
export const verifiedText = (l: LedgerSummary | null | undefined) =>
  l?.verified_adherence == null ? '-' : `${l.verified_adherence.toFixed(1)}%`;
export const verifiedDiffers = (l: LedgerSummary | null | undefined) => !!l && l.verified_adherence !== l.adherence;
export const bandText = (l: LedgerSummary | null | undefined) =>
  l?.missed_band ? MISSED_DOSE_BAND_LABELS[l.missed_band] : '-';
export const daysText = (n: number | null | undefined) => (n == null ? '-' : n === 1 ? '1 day' : `${n} days`);
export const sinceText = (l: LedgerSummary | null | undefined) =>
  !l ? '-' : l.days_since_last_observed == null ? 'None observed' : daysText(l.days_since_last_observed);
/** The early warning: missed MISSED_RUN_WARNING days or more in a row up to today. */
export const warns = (l: LedgerSummary | null | undefined) => !!l && l.current_missed_run >= MISSED_RUN_WARNING;
