/** Business constants of SPEC.md §9. */
export const PAGE_SIZE = 10;
export const PATIENT_PAGE_SIZE = 10;
/**
 * Rows of one answer of GET patients-export: a national export (hundreds of thousands of patients)
 * comes in pages the browser asks one after another (`?after=` the last id), so neither the API
 * nor the browser ever holds the whole export as one JSON text.
 */
export const PATIENT_EXPORT_PAGE_SIZE = 5000;
/** Rows of one answer of GET export-all-patient-DOTs, paged the same way (`?after=` the last record's id). */
export const VISIT_EXPORT_PAGE_SIZE = 5000;
export const VOT_VISIT_PAGE_SIZE = 28;
export const VOT_CALENDAR_PAGE_SIZE = 28;
export const NO_APP_DOT_PAGE_SIZE = 28;
export const VOT_STATUS_PAGE_SIZE = 30;

export const COLOURS = {
  blue: '#073674',
  red: '#EB2429',
  work: { 1: 'orange', 2: 'green', 3: 'blue' },
} as const;

export const LIMITS = { ageMax: 120, heightMaxCm: 251, weightMaxKg: 635 } as const;

export const PROGRAMME_TIMEZONE = 'Asia/Yangon';

/** Local-storage key of the bearer token: names the product and the year (SPEC.md §4). */
export const TOKEN_STORAGE_KEY = 'vot-console-2026-token';

/** What the browser says itself (SPEC.md §8): the generic failure, the confirmation dialog. The API's answers are its own. */
export const UI_MESSAGES = {
  somethingWrong: 'Something was wrong!',
  exportFailed: 'Please try again!',
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to recover this!",
  confirmYes: 'Yes, delete it!',
  confirmCancel: 'Cancel',
} as const;

/** 'Region has been created successfully!' and the like (SPEC.md §8). */
export function successMessage(entity: string, action: 'created' | 'updated' | 'deleted' | 'recovered'): string {
  return `${entity} has been ${action} successfully!`;
}

/** The answer to an app upload whose uuid is stored already (a retry): nothing was changed. */
export function alreadyStoredMessage(entity: string): string {
  return `${entity} has already been stored.`;
}

export const VOT_CRITERIA = {
  inclusion: [
    'Suitable smartphone and internet access',
    'Proficiency with a smartphone',
    'Able to speak Burmese or communicate with the volunteer or field officer',
    'Able to identify each medication',
  ],
  exclusion: [
    'Adherence issues',
    'Under 18 without an adult',
    'Special situations not recommended for VOT by a provider',
    'Disabilities preventing participation',
  ],
} as const;
