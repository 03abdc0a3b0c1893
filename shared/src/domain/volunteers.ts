/** Enumerations of the volunteer side of SPEC.md §3: volunteers, trainings, community activities. */

export const GENDERS = ['Male', 'Female'] as const;
export const EDUCATION_STATUSES = ['Primary', 'Secondary', 'Higher'] as const;
/** AMW: auxiliary midwife; CHW: community health worker. */
export const OCCUPATIONS = ['AMW', 'CHW', 'Other'] as const;
export const YES_NO = ['Yes', 'No'] as const;
export const TRAINING_TYPES = ['On Job', 'New', 'Refresher'] as const;

/**
 * Where a community activity refers people (SPEC.md names the list without its values): the
 * public places a Myanmar township sends presumptive TB cases to, plus the private sector.
 */
export const REFERRAL_PLACES = [
  'Township Health Department',
  'Township Hospital',
  'Station Hospital',
  'Rural Health Centre',
  'Sub Rural Health Centre',
  'Private Clinic (PPM)',
  'Other',
] as const;

/** A volunteer's status: 1 active, 0 in trash (GET volunteers?status=0 lists the trash). */
export const VOLUNTEER_STATUS = { active: 1, trash: 0 } as const;

/** The two handouts; each has at most one PDF (SPEC.md §9). */
export const HANDOUT_KINDS = ['volunteer', 'patient'] as const;
export type HandoutKind = (typeof HANDOUT_KINDS)[number];
/** Largest handout PDF accepted, in bytes. A leaflet is a few hundred kB; 10 MB leaves room for scans. */
export const HANDOUT_MAX_BYTES = 10 * 1024 * 1024;
