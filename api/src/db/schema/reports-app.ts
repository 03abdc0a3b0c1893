// The VOT report's cohorts, the phone app's sessions, activities and upload budgets.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, timestamps, sessionColumns } from './columns';
import { townships } from './places-accounts';
import { volunteers } from './volunteers';
import { patients } from './patients';

/**
 * The VOT report's cohorts (docs/decisions/0092): how many screened,
 * active patients share a township, a cohort quarter, an age group on the quarter's first day and
 * every answer the report counts by, kept by statement triggers on patients (drizzle/0014), so a
 * national fiscal year reads a few tens of thousands of rows instead of every patient. Answers are
 * stored as they stand (nulls too: the key treats nulls as equal), so the report's one set of
 * conditions reads this table and the live patients alike.
 */
export const votReportCohorts = pgTable(
  'vot_report_cohorts',
  {
    period: text().notNull(),
    township_id: integer().notNull(),
    sex: text().notNull(),
    /** Under 15 on the cohort quarter's first day (from the DOB, else the age recorded). */
    child: boolean().notNull(),
    VOT_eligible: text().notNull(),
    VOT_eligible_date: date({ mode: 'string' }),
    VOT_accept: text(),
    VOT_accept_date: date({ mode: 'string' }),
    VOT_not_accept_reason: text(),
    DOT_start_date: date({ mode: 'string' }),
    DOT_end_date: date({ mode: 'string' }),
    VDOT_end_type: text(),
    VDOT_end_date: date({ mode: 'string' }),
    VDOT_stop_reason: text(),
    n: integer().notNull(),
  },
  (t) => [
    unique('vot_report_cohorts_key')
      .on(
        t.period,
        t.township_id,
        t.sex,
        t.child,
        t.VOT_eligible,
        t.VOT_eligible_date,
        t.VOT_accept,
        t.VOT_accept_date,
        t.VOT_not_accept_reason,
        t.DOT_start_date,
        t.DOT_end_date,
        t.VDOT_end_type,
        t.VDOT_end_date,
        t.VDOT_stop_reason,
      )
      .nullsNotDistinct(),
    // The cohorts a write left empty, deleted by the same trigger.
    index('vot_report_cohorts_empty_idx')
      .on(t.period)
      .where(sql`${t.n} = 0`),
  ],
);

/**
 * Phone-app sessions of volunteers and patients: the columns of staff `sessions`
 * (sessionColumns) but a table of their own, so a staff token is unknown to the app routes and an
 * app token unknown to the staff routes. Exactly one of volunteer_id and patient_id is set.
 */
export const appSessions = pgTable(
  'app_sessions',
  {
    id: id(),
    volunteer_id: integer().references(() => volunteers.id, { onDelete: 'cascade' }),
    patient_id: integer().references(() => patients.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => [
    uniqueIndex('app_sessions_token_hash_unique').on(t.token_hash),
    index('app_sessions_volunteer_idx').on(t.volunteer_id),
    index('app_sessions_patient_idx').on(t.patient_id),
    check('app_sessions_one_subject', sql`(${t.volunteer_id} is null) <> (${t.patient_id} is null)`),
  ],
);

/**
 * The refresh tokens of an app session (docs/decisions/0144): only their SHA-256, each used once.
 * A used one presented again means a copy is in other hands: its whole session is revoked.
 */
export const appRefreshTokens = pgTable(
  'app_refresh_tokens',
  {
    id: id(),
    session_id: integer()
      .notNull()
      .references(() => appSessions.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    created_at: at().notNull(),
    expires_at: at().notNull(),
    /** When it was exchanged for the next one; null while it is the session's current token. */
    used_at: at(),
  },
  (t) => [
    uniqueIndex('app_refresh_tokens_token_hash_unique').on(t.token_hash),
    index('app_refresh_tokens_session_idx').on(t.session_id),
  ],
);

/**
 * The programme's activity records a volunteer makes in the phone app (SPEC.md §3 names them
 * without fields; the Activity dashboard counts them by township and month: hes, cts, svs).
 * Each carries the app's uuid, unique, so a retried upload is stored once. township_id is the
 * volunteer's township when recorded (a later move of the volunteer does not move the activity).
 */
const activityColumns = () => ({
  id: id(),
  /** The app's own id of the record: a second upload with it changes nothing. */
  uuid: text().notNull(),
  volunteer_id: integer()
    .notNull()
    .references(() => volunteers.id, { onDelete: 'restrict' }),
  township_id: integer()
    .notNull()
    .references(() => townships.id, { onDelete: 'restrict' }),
  date: date({ mode: 'string' }).notNull(),
  remark: text(),
  ...timestamps,
});

/** Every activity table's indexes: the uuid (a retried upload), by township and date (the dashboards), by volunteer. */
const activityIndexes = (
  table: string,
  t: { uuid: AnyPgColumn; township_id: AnyPgColumn; volunteer_id: AnyPgColumn; date: AnyPgColumn },
) => [
  uniqueIndex(`${table}_uuid_unique`).on(t.uuid),
  index(`${table}_township_date_idx`).on(t.township_id, t.date),
  index(`${table}_volunteer_idx`).on(t.volunteer_id, t.date),
];

/** A health education session: where, on what, how many people reached (by sex) and referred for screening. */
export const healthEducations = pgTable(
  'health_educations',
  {
    ...activityColumns(),
    place: text().notNull(),
    topic: text().notNull(),
    male: integer().notNull(),
    female: integer().notNull(),
    /** People reached: male + female. */
    total: integer().notNull(),
    /** Of them, referred for TB screening (presumptive TB). */
    referred: integer().notNull(),
  },
  (t) => activityIndexes('health_educations', t),
);

/** Contact tracing of a VOT patient's household: contacts listed, screened, with symptoms, referred, started on preventive treatment. */
export const contactTracings = pgTable(
  'contact_tracings',
  {
    ...activityColumns(),
    /** The index patient whose contacts were traced. */
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    contacts_total: integer().notNull(),
    contacts_screened: integer().notNull(),
    presumptive_found: integer().notNull(),
    referred: integer().notNull(),
    tpt_started: integer().notNull(),
  },
  (t) => [...activityIndexes('contact_tracings', t), index('contact_tracings_patient_idx').on(t.patient_id, t.date)],
);

/** A volunteer supervisor's field visit to a volunteer: who supervised, how many patients were visited together, what was found. */
export const supervisionVisits = pgTable(
  'supervision_visits',
  {
    ...activityColumns(),
    supervisor_name: text().notNull(),
    patients_visited: integer().notNull(),
    /** Whether the volunteer's visit records matched what the supervisor saw. */
    records_checked: boolean().notNull(),
  },
  (t) => activityIndexes('supervision_visits', t),
);

/**
 * Bytes each app account began uploading, by day in the programme's time zone (routes/app/budget.ts):
 * the daily budget that keeps one account from filling VOT_FILES_DIR. Counted when an upload
 * begins (its whole declared size), so a budget cannot be passed by many parallel uploads.
 */
export const appUploadDays = pgTable(
  'app_upload_days',
  {
    subject: text().notNull(),
    subject_id: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.subject_id, t.day] })],
);

/**
 * What each upload was charged today (docs/decisions/0146): the record's uuid and what it sends
 * (`video`, `sign` by tus, `form` by multipart). An upload begun again for the same record is
 * charged only what it declares beyond its earlier attempts, so a restart never counts twice.
 */
export const appUploadCharges = pgTable(
  'app_upload_charges',
  {
    subject: text().notNull(),
    subject_id: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    upload: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.subject_id, t.day, t.upload] })],
);
