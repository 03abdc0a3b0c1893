/**
 * The dose ledger's words (docs/decisions/0073): the kinds of a VOT day and the
 * missed-dose bands of the VOT report's group 6 (SPEC.md §3). The rules themselves are SQL, once,
 * in api/src/ledger; the screens only show what it answers.
 */

/** A day of VOT: a dose observed, recorded as not observed (work status false), or nothing recorded. */
export const LEDGER_DAY_STATUSES = ['observed', 'not_observed', 'unrecorded'] as const;
export type LedgerDayStatus = (typeof LEDGER_DAY_STATUSES)[number];

/** SPEC.md §3 group 6 bands of missed doses (missed days / days elapsed): < 10 %, 10–50 %, > 50 %. */
export const MISSED_DOSE_BANDS = ['under10', 'from10to50', 'over50'] as const;
export type MissedDoseBand = (typeof MISSED_DOSE_BANDS)[number];

export const MISSED_DOSE_BAND_LABELS: Record<MissedDoseBand, string> = {
  under10: 'Less than 10%',
  from10to50: '10-50%',
  over50: 'Over 50%',
};

/** The early-warning list: patients whose missed days in a row, up to today, reach this. */
export const MISSED_RUN_WARNING = 2;

/** The query of that list (GET patients, patients-export; its count is `missedDoses` of dstb-patient-count). */
export const MISSED_DOSES_QUERY = { missed_doses: 'true' } as const;

/**
 * What a counted day of the dose ledger rests on (LedgerDay's provenance and status), as the
 * calendar's day tiles and the ledger panel name it (docs/decisions/0130-dose-verdicts.md).
 */
export const LEDGER_DAY_LABELS = {
  in_person: 'In person (signed)',
  video_reviewed: 'Video reviewed',
  no_app: 'No-app tick',
  staff_record: 'Staff record',
  video_not_reviewed: 'Video not reviewed',
  awaiting_review: 'Awaiting review',
  not_observed: 'Not taken',
  unrecorded: 'Unrecorded',
} as const;
export type LedgerDayKind = keyof typeof LEDGER_DAY_LABELS;
