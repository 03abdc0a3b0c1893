// A patient's medicines, F/U sputum, follow-up actions, infection checklists and the list counts.
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './places-accounts';
import { patients } from './patients';

/** SPEC.md §3 patient medicine. */
export const patientMedicines = pgTable(
  'patient_medicines',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    medicine_name: text().notNull(),
    ...timestamps,
  },
  (t) => [index('patient_medicines_patient_idx').on(t.patient_id)],
);

/** SPEC.md §3 F/U sputum examination. */
export const fuSputumExaminations = pgTable(
  'fu_sputum_examinations',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    to_send_date: date({ mode: 'string' }),
    send_date: date({ mode: 'string' }),
    smear: text().notNull(),
    smear_date: date({ mode: 'string' }),
    smear_result: text(),
    remark: text(),
    culture_and_DST: text(),
    culture_and_DST_date: date({ mode: 'string' }),
    culture_and_DST_result: text(),
    ...timestamps,
  },
  (t) => [index('fu_sputum_patient_idx').on(t.patient_id)],
);

/**
 * An action about a patient's missed doses (the missed-dose worklist, docs/decisions/0170 and 0171):
 * never updated or deleted. `case_since` is the patient's missed_since (patient_ledgers) when it
 * was recorded: the case is the missed run that began the day after, and it closes when an
 * observed dose comes after that day or VOT ends (computed when read, not stored).
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    case_since: date({ mode: 'string' }).notNull(),
    action: text().notNull(),
    outcome: text().notNull(),
    remark: text(),
    next_date: date({ mode: 'string' }),
    recorded_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The worklist reads each row's last action of its current case; the history a patient's actions.
  (t) => [index('follow_ups_patient_case_idx').on(t.patient_id, t.case_since, t.id)],
);

/**
 * Every VOT decision of a patient as it was made (docs/decisions/0133-decision-history.md): the
 * eligibility ('eligible') and VOT Accept ('accept', with its reason not to accept) answers, each
 * with the day it was made. Written by the database (trigger patients_decision_history, drizzle/0030)
 * whenever patients' answers change, so the VOT report as of a past day reads the decision then in
 * force and the patient's tabs show the earlier answers. value null: the answer was cleared.
 */
export const patientDecisions = pgTable(
  'patient_decisions',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    value: text(),
    reason: text(),
    /** The day (Asia/Yangon) the decision was made; null for decisions made before decisions were dated. */
    decided_at: date({ mode: 'string' }),
    recorded_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The decision in force on a day: a patient's newest of a kind; and the patients decided after a day.
    index('patient_decisions_patient_idx').on(t.patient_id, t.kind, t.id),
    index('patient_decisions_day_idx').on(t.decided_at),
  ],
);

/** A dated infection-control checklist of a patient: answers to INFECTION_CHECKLIST_QUESTIONS in order. */
export const infectionChecklists = pgTable(
  'infection_checklists',
  {
    id: id(),
    patient_id: integer()
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    answers: jsonb().$type<{ answer: string; action: string | null }[]>().notNull(),
    ...timestamps,
  },
  (t) => [index('infection_checklists_patient_idx').on(t.patient_id, t.date)],
);

/** The bits of patients.lists: which list a patient is in, beside its status (active or trash). */
export const PATIENT_LIST_BITS = {
  tb: 1,
  noSpCode: 2,
  noDot: 4,
  screened: 8,
  eligible: 16,
  acceptable: 32,
  declined: 64,
} as const;

/**
 * How many patients of a township (the recover township in the trash) have each status and set of
 * lists: kept by statement triggers on patients (drizzle/0003), so a list's total and the menu
 * counts read a few hundred rows instead of counting every patient of the country.
 */
export const patientListCounts = pgTable(
  'patient_list_counts',
  {
    township_id: integer().notNull(),
    status: integer().notNull(),
    lists: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.township_id, t.status, t.lists] })],
);
