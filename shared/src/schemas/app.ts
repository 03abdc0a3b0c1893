import * as yup from 'yup';
import { idFilter, dateRangeFilter } from './filters';
import { optionalText, password, pastDay, requiredId, requiredNumber, text } from './fields';
import { required } from './messages';
import type { HandoutKind } from '../domain/volunteers';
import type { VisitRecord } from './visits';
import type { Handout } from './volunteers';

/**
 * The phone app's calls (docs/api.md "App API"): sign-in of volunteers and patients,
 * visit records (works 1–4) and the activity records (health education, contact tracing,
 * supervision visits). The app validates with these schemas before it queues a record; the API
 * validates every upload with them again.
 */

/** Who signs in to the app: a volunteer (records visits and activities) or a patient (sends videos). */
export const APP_SUBJECTS = ['volunteer', 'patient'] as const;
export type AppSubject = (typeof APP_SUBJECTS)[number];

export const appLoginSchema = yup.object({
  kind: yup
    .string()
    .required(required('Type'))
    .oneOf([...APP_SUBJECTS], required('Type')) as yup.StringSchema<AppSubject>,
  code: text('Code').required(required('Code')),
  password: password('Password').required(required('Password')),
});
export type AppLoginInput = yup.InferType<typeof appLoginSchema>;

export interface AppSignedIn {
  kind: AppSubject;
  id: number;
  name: string;
  code: string;
  /** The bearer token of every app call; it ends after the session's idle or absolute time (a 401): then POST app/refresh. */
  access_token: string;
  /** Exchanged once (POST app/refresh) for a new access token and a new refresh token; kept on the phone, sent nowhere else. */
  refresh_token: string;
  /** When the refresh token stops being accepted (ISO time): the device session ends unless it is used before. */
  refresh_expires_at: string;
  /** True while the generated initial password is still the password: every app call but GET app/user, GET app/logout and POST app/change-password is 403 until it is changed. */
  must_change_password: boolean;
}

/** GET app/user: whom the app is signed in as (the sign-in's answer without its tokens). */
export type AppProfile = Omit<AppSignedIn, 'access_token' | 'refresh_token' | 'refresh_expires_at'>;

/** POST app/refresh: the refresh token the app holds, used once. */
export const appRefreshSchema = yup.object({
  refresh_token: text('Refresh token').required(required('Refresh token')),
});
export type AppRefreshInput = yup.InferType<typeof appRefreshSchema>;

/** POST app/refresh's answer: the device session's next pair of tokens (the one sent no longer refreshes). */
export type AppTokens = Pick<AppSignedIn, 'access_token' | 'refresh_token' | 'refresh_expires_at'>;

/** A day of a patient's VOT as the dose ledger counts it (docs/api.md "App API"): the app shows the last ones on the doorstep. */
export interface AppPatientDay {
  date: string;
  /** awaiting_review: the patient's video of the day waits for the volunteer's review (work 2). */
  status: 'observed' | 'not_observed' | 'awaiting_review' | 'unrecorded';
  /** The observing record's work code (the lowest when several); null when not observed. */
  work: number | null;
}

/** A medicine the patient is prescribed (the staff's patient medicine list), for a visit's medicines. */
export interface AppPatientMedicine {
  medicine_name: string;
  /** The quantity last recorded for it in a visit; null when never recorded. */
  quantity: number | null;
}

/**
 * A patient as the app lists it (GET app/patients): a volunteer's current and former patients, or
 * the signed-in patient, with what the volunteer needs on the doorstep.
 */
export interface AppPatient {
  id: number;
  name: string;
  code: string;
  township_id: number | null;
  DOT_start_date: string | null;
  DOT_end_date: string | null;
  VOT_accept: string | null;
  /** App / No App, while the patient has a volunteer. */
  type: string | null;
  /** The volunteer's patient now (a former one: false); the signed-in patient: true. */
  current: boolean;
  /** Where to find and call the patient and their contact: null for a volunteer's former patient. */
  patient_address: string | null;
  patient_phone_no: string | null;
  contact_info: string | null;
  contact_phone_no: string | null;
  /** The medicines the app offers for a visit's DOT_records, in the order staff entered them. */
  medicines: AppPatientMedicine[];
  /** Today in Asia/Yangon: whether a dose is expected (the patient is on VOT today) and what is recorded. */
  today: { date: string; expected: boolean; status: AppPatientDay['status'] | null; work: number | null };
  /** The last APP_RECENT_DAYS days of the VOT up to today, newest first (empty when not on VOT). */
  recent_days: AppPatientDay[];
}

/** How many of the last days GET app/patients gives. */
export const APP_RECENT_DAYS = 7;

/** A UUID as the app writes it (lower case; the API lowers it before comparing). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The app's own id of a record, made when it is recorded on the phone: the key of idempotent uploads. */
const appUuid = () =>
  text('uuid')
    .transform((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v))
    .required(required('uuid'))
    .matches(UUID_PATTERN, 'uuid must be a UUID!');

/** A number of people: whole, 0 or more. */
const people = (label: string) =>
  requiredNumber(required(label))
    .integer(`${label} must be a whole number!`)
    .min(0, `${label} may not be negative!`)
    .max(100_000, `${label} is too large!`);

/** No more than another count of the same record (people screened among those listed …). */
const atMost = (schema: yup.NumberSchema, other: string, message: string) =>
  schema.test('at-most', message, function (value) {
    const limit = (this.parent as Record<string, unknown>)[other];
    return value == null || typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || value <= limit;
  });

/** SPEC.md §3 work codes the app records: 1 own visit, 2 video observed, 3 video sent (by the patient), 4 volunteer supervisor. */
export const APP_WORK = { ownVisit: 1, videoObserved: 2, videoSent: 3, supervisor: 4 } as const;
export const APP_WORKS = [1, 2, 3, 4] as const;
/** Works where the volunteer observed a dose: medicines, status, condition, side effects, actions. */
export const OBSERVED_WORKS: readonly number[] = [APP_WORK.ownVisit, APP_WORK.videoObserved];
/** SPEC.md §3 action codes 1 to 4 (Burmese advice texts). */
export const VISIT_ACTIONS = [1, 2, 3, 4] as const;
/** The comma form of the actions ("1, 3") is a few characters; far longer text is refused unsplit. */
const ACTIONS_TEXT_MAX = 100;

/** Uploads: a signature image (PNG/JPEG) and a video (MP4/WebM), checked by content. */
export const SIGN_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 64 * 1024 * 1024;

const observed = <S extends yup.AnySchema>(schema: S) =>
  schema.when('work', {
    is: (work: unknown) => OBSERVED_WORKS.includes(work as number),
    then: (s: S) => s,
    otherwise: () =>
      yup
        .mixed()
        .transform(() => null)
        .nullable()
        .optional(),
  }) as unknown as S;

/** A visit record as the app sends it (the JSON body, or the `data` field of a multipart upload with `sign` and `video`). */
export const appVisitSchema = yup.object({
  uuid: appUuid(),
  patient_id: requiredId('Patient'),
  date: pastDay('Date'),
  work: requiredNumber(required('Work')).oneOf([...APP_WORKS], required('Work')),
  // Required where the volunteer observed the dose; a supervisor's visit may send one, kept on the
  // record though it is never a dose (docs/decisions/0130-dose-verdicts.md); the patient's video none.
  work_status: yup
    .boolean()
    .nullable()
    .when('work', ([work], s) =>
      OBSERVED_WORKS.includes(work as number)
        ? s.typeError(required('Work Status')).required(required('Work Status'))
        : work === APP_WORK.supervisor
          ? s.typeError('Work Status must be true or false!').optional()
          : (yup
              .mixed()
              .transform(() => null)
              .nullable()
              .optional() as unknown as typeof s),
    ),
  DOT_records: observed(
    yup
      .array(
        yup.object({
          medicine_name: text('Medicine').required(required('Medicine')).max(200, 'Medicine is too long!'),
          quantity: requiredNumber(required('Quantity'))
            .positive('Quantity must be more than 0!')
            .max(1000, 'Quantity is too large!'),
        }),
      )
      .typeError('Medicines must be a list!')
      .max(50, 'Too many medicines!')
      .default([]),
  ),
  long: observed(optionalText(100)),
  minor_side_effects: observed(optionalText()),
  major_side_effects: observed(optionalText()),
  actions: observed(
    yup
      .array(
        yup
          .number()
          .typeError('Actions must be codes 1 to 4!')
          .oneOf([...VISIT_ACTIONS], 'Actions must be codes 1 to 4!')
          .required(),
      )
      // The record's own form is a comma list ("1,3"): the app may send either. A list that long is
      // no list of these codes: refused whole, not split into as many items.
      .transform((v: unknown, raw: unknown) =>
        typeof raw !== 'string'
          ? v
          : raw.length > ACTIONS_TEXT_MAX
            ? Number.NaN
            : raw.trim() === ''
              ? []
              : raw.split(',').map((s) => Number(s.trim())),
      )
      .typeError('Actions must be codes 1 to 4!')
      .max(VISIT_ACTIONS.length, `At most ${VISIT_ACTIONS.length} actions!`)
      .default([]),
  ),
  patient_condition: observed(optionalText()),
  remark: optionalText(),
  late_remark: optionalText(),
});
export type AppVisitInput = yup.InferType<typeof appVisitSchema>;

/**
 * A visit record as the app gets it back (POST app/DOTs, GET app/DOTs, GET app/DOTs/{uuid}): the
 * record without the stored file names, and signed links of its files (null where there is none),
 * valid 15 minutes.
 */
export type AppVisitRecord = Omit<VisitRecord, 'video' | 'sign'> & {
  video_url: string | null;
  sign_url: string | null;
};

/** GET app/DOTs: a page of the caller's own records, oldest change first, and the cursor to ask from next. */
export interface AppVisitPage {
  data: AppVisitRecord[];
  status: 'success';
  /** Send as `since` next time (an opaque text): the records changed after what this page gave, and the last minute's again. */
  next: string;
  /** True when the page was full: ask again with `next` at once. */
  more: boolean;
}

/** The cursor of GET app/DOTs, as the API gave it. */
export const appVisitSyncSchema = yup.object({
  since: text('since')
    .max(100, 'since must be a cursor the API gave!')
    .matches(/^[A-Za-z0-9_-]+$/, 'since must be a cursor the API gave!')
    .optional(),
});

/** A handout as the app shows it (GET app/handouts): its kind and a signed link to the PDF, valid an hour. */
export type AppHandout = Handout & { kind: HandoutKind };

/** SPEC.md §5 wording for the late remark the staff screens show. */
export const LATE_REMARK_REQUIRED = required('Remark for being late');

const activity = {
  uuid: appUuid(),
  date: pastDay('Date'),
  remark: optionalText(),
};

/** A health education session (docs/decisions/0088). */
export const healthEducationSchema = yup.object({
  ...activity,
  place: text('Place').required(required('Place')).max(200, 'Place is too long!'),
  topic: text('Topic').required(required('Topic')).max(200, 'Topic is too long!'),
  male: people('Male'),
  female: people('Female'),
  referred: people('Referred').test(
    'at-most-reached',
    'Referred may not be more than the people reached!',
    function (value) {
      const { male, female } = this.parent as { male?: unknown; female?: unknown };
      // Judged only once both counts are valid: their own messages come first.
      const valid = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
      return value == null || !valid(male) || !valid(female) || value <= male + female;
    },
  ),
});
export type HealthEducationInput = yup.InferType<typeof healthEducationSchema>;

/** Contact tracing of a VOT patient's household. */
export const contactTracingSchema = yup.object({
  ...activity,
  patient_id: requiredId('Patient'),
  contacts_total: people('Contacts'),
  contacts_screened: atMost(
    people('Contacts Screened'),
    'contacts_total',
    'Contacts Screened may not be more than the contacts!',
  ),
  presumptive_found: atMost(
    people('Presumptive TB Found'),
    'contacts_screened',
    'Presumptive TB Found may not be more than the contacts screened!',
  ),
  referred: atMost(people('Referred'), 'contacts_screened', 'Referred may not be more than the contacts screened!'),
  tpt_started: atMost(people('TPT Started'), 'contacts_total', 'TPT Started may not be more than the contacts!'),
});
export type ContactTracingInput = yup.InferType<typeof contactTracingSchema>;

/** A volunteer supervisor's visit, recorded on the supervised volunteer's phone. */
export const supervisionVisitSchema = yup.object({
  ...activity,
  supervisor_name: text('Supervisor Name')
    .required(required('Supervisor Name'))
    .max(200, 'Supervisor Name is too long!'),
  patients_visited: people('Patients Visited'),
  records_checked: yup.boolean().typeError(required('Records Checked')).required(required('Records Checked')),
});
export type SupervisionVisitInput = yup.InferType<typeof supervisionVisitSchema>;

/** The staff lists of the activity records: township, volunteer, date range (and ?page). */
export const activityFilterSchema = yup.object({
  township_id: idFilter('Township'),
  volunteer_id: idFilter('Volunteer'),
  ...dateRangeFilter,
});

interface ActivityBase {
  id: number;
  uuid: string;
  date: string;
  remark: string | null;
  volunteer: { id: number; name: string; code: string };
  township: { id: number; name: string };
}
export interface HealthEducationRecord extends ActivityBase {
  place: string;
  topic: string;
  male: number;
  female: number;
  total: number;
  referred: number;
}
export interface ContactTracingRecord extends ActivityBase {
  patient: { id: number; name: string };
  contacts_total: number;
  contacts_screened: number;
  presumptive_found: number;
  referred: number;
  tpt_started: number;
}
export interface SupervisionVisitRecord extends ActivityBase {
  supervisor_name: string;
  patients_visited: number;
  records_checked: boolean;
}

/** What POST app/<kind> answers: the record as stored, its volunteer and township (and patient) by id. */
type StoredActivity<R extends ActivityBase> = Omit<R, 'volunteer' | 'township'> & {
  volunteer_id: number;
  township_id: number;
};
export type AppHealthEducation = StoredActivity<HealthEducationRecord>;
export type AppContactTracing = Omit<StoredActivity<ContactTracingRecord>, 'patient'> & { patient_id: number };
export type AppSupervisionVisit = StoredActivity<SupervisionVisitRecord>;
