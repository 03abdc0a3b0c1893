// VOT history (change-volunteer entries), visit records, their monthly counts and the dose ledger's roll-ups.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, at, timestamps } from './columns';
import { users } from './places-accounts';
import { volunteers } from './volunteers';
import { patients } from './patients';

/**
 * The dated history of a VOT patient's pure or hybrid VOT and volunteer (SPEC.md §3 change-volunteer
 * record, pure/hybrid history). The patient's pure_or_hybrid, volunteer_id and type are the latest
 * entry's, written in the same transaction as every change here (api/src/routes/vot).
 */
export const changeVolunteers = pgTable(
  'change_volunteers',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    change_date: date({ mode: 'string' }).notNull(),
    pure_or_hybrid: text().notNull(),
    with_volunteer: text().notNull(),
    volunteer_id: integer().references(() => volunteers.id, { onDelete: 'restrict' }),
    /** App / No App; null without a volunteer. */
    type: text(),
    ...timestamps,
  },
  (t) => [
    index('change_volunteers_patient_idx').on(t.patient_id, t.change_date, t.id),
    index('change_volunteers_volunteer_idx').on(t.volunteer_id),
    // The dose ledger's no-app boxes (api/src/ledger): the few No App entries, read whole by every ledger query.
    index('change_volunteers_no_app_idx')
      .on(t.id)
      .where(sql`${t.type} = 'No App'`),
  ],
);

/** A VOT (DOT) visit record (SPEC.md §3), made in the phone app or on the dashboard. */
export const dots = pgTable(
  'dots',
  {
    id: id(),
    uuid: text().notNull(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    /** The change-volunteer entry in force on the visit's date; an entry with visits is never deleted. */
    change_volunteer_id: integer().references(() => changeVolunteers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    work: integer().notNull(),
    work_status: boolean(),
    long: text(),
    minor_side_effects: text(),
    major_side_effects: text(),
    /** Comma list of action codes 1 to 4. */
    actions: text(),
    video: text(),
    /** The record came before its video (a video sent, work 3): true until the video attaches (videoStateOf). */
    video_awaited: boolean().notNull().default(false),
    sign: text(),
    remark: text(),
    late_remark: text(),
    patient_condition: text(),
    /**
     * The reviewer's verdict on a patient's own video (work 3): the dose taken or not. Null: not
     * reviewed on the record (a volunteer's video review of that day, work 2, decides it instead).
     * docs/decisions/0130-dose-verdicts.md.
     */
    review_dose_taken: boolean(),
    review_remark: text(),
    reviewed_at: at(),
    reviewed_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The volunteer who gave the verdict in the app (docs/decisions/0176); reviewed_by is then null. */
    reviewed_by_volunteer: integer().references(() => volunteers.id, { onDelete: 'set null' }),
    /**
     * A patient's video (work 3) whose patient and day have a volunteer's video review (work 2),
     * which decides the day instead of the video's verdict: kept by triggers on every write of
     * records (docs/decisions/0201), so the review queues read it from their index, not by a probe.
     */
    day_reviewed_by_volunteer: boolean().notNull().default(false),
    /** 'dashboard' (made on the web), 'app' or 'no-app' (a day of the no-app grid): VISIT_CREATED. */
    created: text().notNull(),
    /** Medicines taken: [{ medicine_name, quantity }]. */
    DOT_records: jsonb().$type<{ medicine_name: string; quantity: number }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dots_uuid_unique').on(t.uuid),
    // A patient's records in the visit lists' order (date, id), with the columns their conditions and
    // counters read (work, created, work_status): a list's total and the no-app grid's counters are
    // read from the index alone, not from a heap page per record (a patient's 500 records lie on 500
    // pages, written a day at a time among everyone's), and a page walks it backwards with no sort.
    // Serves every query by patient and date, as the index before it did.
    index('dots_patient_list_idx').on(t.patient_id, t.date, t.id, t.work, t.created, t.work_status),
    index('dots_change_volunteer_idx').on(t.change_volunteer_id),
    // A no-app day exists once per patient and date: a range overlapping the last day, or two
    // staff creating ranges at once, skip the days already there (ON CONFLICT DO NOTHING).
    uniqueIndex('dots_no_app_day_unique')
      .on(t.patient_id, t.date)
      .where(sql`${t.created} = 'no-app'`),
    // The last days of every patient at once (the dose ledger's missed-dose list and its menu count; reports by date).
    index('dots_date_idx').on(t.date),
    // The sweep of stored files no record names (files/orphans.ts) asks by file name, a batch at a
    // time: without these it read the whole table per batch, hours at national scale.
    index('dots_video_idx')
      .on(t.video)
      .where(sql`${t.video} is not null`),
    index('dots_sign_idx')
      .on(t.sign)
      .where(sql`${t.sign} is not null`),
    // The videos awaiting a verdict (docs/decisions/0174, 0176, 0201): the staff's queue reads them
    // oldest day first, a volunteer's by the change-volunteer entries of their days, from the index
    // alone (the columns the queues test are in it). A few days' videos of millions of records: both small.
    index('dots_awaiting_review_idx')
      .on(t.date, t.id, t.patient_id, t.created_at, t.change_volunteer_id)
      .where(
        sql`${t.work} = 3 and ${t.video} is not null and ${t.review_dose_taken} is null and not ${t.day_reviewed_by_volunteer}`,
      ),
    index('dots_awaiting_review_entry_idx')
      .on(t.change_volunteer_id, t.date, t.id, t.patient_id, t.created_at)
      .where(
        sql`${t.work} = 3 and ${t.video} is not null and ${t.review_dose_taken} is null and not ${t.day_reviewed_by_volunteer}`,
      ),
    // A few patients' videos awaiting a verdict (a Field Officer's queue), by patient.
    index('dots_awaiting_review_patient_idx')
      .on(t.patient_id, t.date, t.id, t.created_at, t.change_volunteer_id)
      .where(
        sql`${t.work} = 3 and ${t.video} is not null and ${t.review_dose_taken} is null and not ${t.day_reviewed_by_volunteer}`,
      ),
    // A volunteer's video review of a patient's day (work 2), which decides the day instead of the
    // video's verdict: the triggers that keep day_reviewed_by_volunteer probe it, a far smaller
    // index than every record's.
    index('dots_volunteer_review_idx')
      .on(t.patient_id, t.date)
      .where(sql`${t.work} = 2`),
    // One video per patient, day and work (a repeat is refused): the check reads this under the patient's lock.
    index('dots_video_day_idx')
      .on(t.patient_id, t.date, t.work)
      .where(sql`${t.video} is not null or ${t.video_awaited}`),
  ],
);

/**
 * Visit records counted by change-volunteer entry, month and patient (docs/decisions/0094):
 * what the monthly volunteer report, the activity dashboard's visits and the
 * volunteer dashboard's "reported" read for whole months instead of the records. Kept by statement
 * triggers on `dots` (migration 0013_visit_month_counts): insert, update and delete add and take
 * away, a row reaching 0 visits is deleted, a truncate empties it; and `volunteer_id` follows its
 * entry's volunteer (a trigger on change_volunteers). Never written by the API. A record without an
 * entry counts under change_volunteer_id 0. The volunteer's township and trash status and the
 * patient's are read at query time through the keys, so moving a volunteer or trashing a patient
 * changes nothing here.
 */
export const visitMonthCounts = pgTable(
  'visit_month_counts',
  {
    /** dots.change_volunteer_id, 0 when the record has none. */
    change_volunteer_id: integer().notNull(),
    /** The first day of the records' month. */
    month: date({ mode: 'string' }).notNull(),
    patient_id: integer().notNull(),
    /** The entry's volunteer (change_volunteers.volunteer_id, kept by trigger); null without one. */
    volunteer_id: integer(),
    /** Records. */
    visits: integer().notNull(),
    /** Records with work status true. */
    work_true: integer().notNull(),
    /** Records with work status false. */
    work_false: integer().notNull(),
    /** Records with a late remark (not empty). */
    late: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.change_volunteer_id, t.month, t.patient_id] }),
    index('visit_month_counts_patient_idx').on(t.patient_id, t.month),
    index('visit_month_counts_volunteer_idx').on(t.volunteer_id, t.month),
  ],
);

/**
 * The dose ledger's roll-up (api/src/ledger/rollup.ts, docs/decisions/0074): a row per
 * patient on VOT with the time-independent facts of its records inside [DOT start, DOT end], from
 * which any as-of-today summary is derived at read time (records are never dated after today).
 * Refreshed in the transaction of every write that changes the ledger; never written elsewhere.
 */
export const patientLedgers = pgTable(
  'patient_ledgers',
  {
    patient_id: integer()
      .primaryKey()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The patient's DOT_start_date and DOT_end_date when refreshed (every change of them refreshes). */
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }),
    observed_days: integer().notNull(),
    not_observed_days: integer().notNull(),
    last_observed_date: date({ mode: 'string' }),
    /** The last day with an observed or not-observed record: whether today is counted yet. */
    last_decided_date: date({ mode: 'string' }),
    /** The longest run of days without an observed dose between the day before the start and the last observed day. */
    longest_gap: integer().notNull(),
    /** Observed days with a verified dose: in person, or a video reviewed (verified adherence). */
    verified_days: integer().notNull().default(0),
    /** The last day observed only by a patient's video not yet reviewed: whether any may still await review. */
    last_pending_date: date({ mode: 'string' }),
    /** The last observed day, else the day before the start: the current missed run starts the day after. */
    missed_since: date({ mode: 'string' }).notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The Missed Doses list and its menu count read the open VOTs whose run began long enough ago.
  (t) => [
    index('patient_ledgers_open_missed_since_idx')
      .on(t.missed_since)
      .where(sql`${t.end_date} is null`),
  ],
);

/**
 * The dose ledger by patient and month (api/src/ledger/rollup.ts): counts, and a bit per day of the
 * month (bit d-1 for day d) of observed and of decided days, so a report can take the ledger as of
 * any past day (the counts up to it and whether that day itself is decided) without reading records.
 */
export const patientLedgerMonths = pgTable(
  'patient_ledger_months',
  {
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    observed_days: integer().notNull(),
    /** The observed days of the patient's earlier months: with this month's mask, the count up to any day in one row. */
    observed_before: integer().notNull(),
    not_observed_days: integer().notNull(),
    observed_mask: integer().notNull(),
    decided_mask: integer().notNull(),
    /** Days observed only by a patient's video not reviewed (awaiting review within its review time). */
    pending_mask: integer().notNull().default(0),
    /** Days observed in person or by a reviewed video. */
    verified_mask: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.patient_id, t.month] })],
);
