import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Column names are the API's field names (snake_case), so a row maps to a
 * response with little ceremony. After a change run `pnpm db:generate` and commit drizzle/.
 */

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const at = () => timestamp({ withTimezone: true, mode: 'date' });
const timestamps = {
  created_at: at().notNull().defaultNow(),
  updated_at: at().notNull().defaultNow(),
};

/**
 * The password of an account that signs in (staff `users`, and `volunteers` and `patients` in the
 * phone app): its hash, and the generated initial password AES-256-GCM encrypted so an
 * administrator can hand it out again, cleared for good once the owner changes it.
 */
const passwordColumns = () => ({
  password_hash: text().notNull(),
  plain_password_enc: text(),
  /**
   * When the initial password that staff handed out stops signing in (VOT_INITIAL_PASSWORD_DAYS);
   * until it is changed, a session signed in with it may only change it. Null once the owner has
   * chosen their own, and for demo accounts and demo app sign-ins, which do not expire.
   */
  initial_password_expires_at: at(),
});

/**
 * A session's columns after its owner (staff `sessions`, phone-app `app_sessions`): an opaque
 * bearer token of which only the SHA-256 is stored, with an idle expiry (last_seen_at + the idle
 * time) and an absolute one.
 */
const sessionColumns = () => ({
  token_hash: text().notNull(),
  created_at: at().notNull(),
  last_seen_at: at().notNull(),
  expires_at: at().notNull(),
  revoked_at: at(),
  ip: text(),
  user_agent: text(),
});

export const regions = pgTable('regions', { id: id(), name: text().notNull(), ...timestamps }, (t) => [
  uniqueIndex('regions_name_unique').on(sql`lower(${t.name})`),
]);

export const districts = pgTable('districts', { id: id(), name: text().notNull(), ...timestamps }, (t) => [
  uniqueIndex('districts_name_unique').on(sql`lower(${t.name})`),
]);

export const projects = pgTable(
  'projects',
  { id: id(), name: text().notNull(), abbreviation: text(), ...timestamps },
  (t) => [uniqueIndex('projects_name_unique').on(sql`lower(${t.name})`)],
);

/** Township names are not unique: the programme may run two projects in one township. */
export const townships = pgTable(
  'townships',
  {
    id: id(),
    name: text().notNull(),
    abbreviation: text().notNull(),
    region_id: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    district_id: integer()
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('townships_region_idx').on(t.region_id),
    index('townships_district_idx').on(t.district_id),
    index('townships_project_idx').on(t.project_id),
  ],
);

export const medicines = pgTable(
  'medicines',
  { id: id(), name: text().notNull(), abbreviation: text(), ...timestamps },
  (t) => [uniqueIndex('medicines_name_unique').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    /** Stored lower-case; the unique index is on lower(email) as well. */
    email: text().notNull(),
    ...passwordColumns(),
    role: text().notNull(),
    project_id: integer().references(() => projects.id, { onDelete: 'restrict' }),
    /** The township chosen at creation ("township" of the login response); the full set is user_townships. */
    township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const userTownships = pgTable(
  'user_townships',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    township_id: integer()
      .notNull()
      .references(() => townships.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.township_id] }), index('user_townships_township_idx').on(t.township_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** Failed sign-ins, counted per email over a sliding window for the lockout. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text().notNull(),
    at: at().notNull(),
    ip: text(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);

/** Who did what to which record, with the record before and after. Never holds password material. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: at().notNull().defaultNow(),
    actor_id: integer(),
    actor_email: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entity_id: integer(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id), index('audit_log_at_idx').on(t.at)],
);

/**
 * Volunteers who watch patients take their doses. `status` 1 is active, 0 in trash: a soft delete
 * moves the township into recover_township_id and clears township_id, a recover puts it back.
 * `code` and the generated password are the volunteer's sign-in to the phone app.
 */
export const volunteers = pgTable(
  'volunteers',
  {
    id: id(),
    name: text().notNull(),
    gender: text().notNull(),
    age: integer().notNull(),
    address: text().notNull(),
    phone1: text().notNull(),
    phone2: text(),
    email: text(),
    code: text().notNull(),
    ...passwordColumns(),
    both_mdr_and_picts: integer().notNull(),
    education_status: text().notNull(),
    occupation: text().notNull(),
    township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    recover_township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    past_history_of_TB: text(),
    previous_volunteer_experience: text(),
    remark: text(),
    volunteer_id_gf: integer(),
    status: integer().notNull().default(1),
    deleted_at: at(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('volunteers_code_unique').on(t.code),
    index('volunteers_township_status_idx').on(t.township_id, t.status),
    index('volunteers_recover_township_idx').on(t.recover_township_id),
  ],
);

/** A training a volunteer attended: On Job, New or Refresher. */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    volunteer_id: integer()
      .notNull()
      .references(() => volunteers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    type: text().notNull(),
    ...timestamps,
  },
  (t) => [index('trainings_volunteer_date_idx').on(t.volunteer_id, t.date)],
);

/** The one PDF of each handout kind (volunteer, patient); the file sits in the file store under `stored_name`. */
export const handouts = pgTable(
  'handouts',
  {
    id: id(),
    kind: text().notNull(),
    stored_name: text().notNull(),
    original_name: text().notNull(),
    size: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('handouts_kind_unique').on(t.kind)],
);

/** A community activity of a volunteer, with the people it referred, by place. */
export const communities = pgTable(
  'communities',
  {
    id: id(),
    volunteer_id: integer()
      .notNull()
      .references(() => volunteers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    referral: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('communities_volunteer_date_idx').on(t.volunteer_id, t.date), index('communities_date_idx').on(t.date)],
);

export const communityReferrals = pgTable(
  'community_referrals',
  {
    id: id(),
    community_id: integer()
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    place: text().notNull(),
    male: integer().notNull(),
    female: integer().notNull(),
    total: integer().notNull(),
  },
  (t) => [uniqueIndex('community_referrals_place_unique').on(t.community_id, t.place)],
);

/**
 * Patients (SPEC.md §3), the whole entity in one row: registration, transfer-out, TB conclusion,
 * VOT eligibility and acceptance, the VOT columns the VOT issue fills, and the investigations
 * (one Done / Not Done column, a date and results per test, named as INVESTIGATION_COLUMNS). They
 * are 1:1 with the patient and read together on the detail screen, so columns, not a second table.
 * `status` 1 is active, 0 in trash: a soft delete moves township_id into recover_township_id.
 * Uniqueness within a township holds across the trash too (the `home` expression: the township,
 * or the recover township while in trash), so a recovered patient never collides.
 */
export const patients = pgTable(
  'patients',
  {
    id: id(),
    year: integer().notNull(),
    township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    recover_township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    RR_code: text(),
    dot_patient_id_gf: integer(),
    DRTB_code: text(),
    SP_code: text(),
    /** Township DRTB Code: the township's abbreviation and the DRTB code (HTY/0123), null without a DRTB code. */
    unique_id: text(),
    /** The no-SPS register's running number within the township. */
    presumptive_TB_number: integer(),
    code: text().notNull(),
    ...passwordColumns(),
    name: text().notNull(),
    DOB: date({ mode: 'string' }),
    age: integer().notNull(),
    sex: text().notNull(),
    treatment_start_date: date({ mode: 'string' }),
    treatment_regimen: text().notNull(),
    treatment_regimen_other: text(),
    patient_address: text().notNull(),
    /** Normalised (09420000101, myanmarPhone): what is matched and dialled. */
    patient_phone_no: text().notNull(),
    /** The same number as it was typed (+95 9 420 000 101): what the form shows again. */
    patient_phone_no_typed: text(),
    contact_info: text().notNull(),
    contact_phone_no: text().notNull(),
    primary_language: text().notNull(),
    secondary_language: text(),
    height: doublePrecision().notNull(),
    weight: doublePrecision().notNull(),
    BMI: doublePrecision().notNull(),
    household_contacts: jsonb().$type<{ name: string; age: number }[]>().notNull().default([]),
    report_period: text(),
    // Transfer-out
    TO_status: text(),
    TO_year: integer(),
    TO_date: date({ mode: 'string' }),
    TO_RR_code: text(),
    TO_DRTB_code: text(),
    TO_township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    // TB conclusion
    TB_status: text(),
    treatment_status: text(),
    TB_DRTB_code: text(),
    defined_TB_type: text(),
    defined_TB_type_other: text(),
    type_of_TB_patient: text(),
    smoking_status: text(),
    DM_status: text(),
    HIV_test: text(),
    HIV_test_date: date({ mode: 'string' }),
    HIV_result: text(),
    CPT_status: text(),
    CPT_date: date({ mode: 'string' }),
    ART_status: text(),
    ART_date: date({ mode: 'string' }),
    treatment_outcome: text(),
    treatment_outcome_date: date({ mode: 'string' }),
    remark: text(),
    // VOT
    VOT_eligible: text(),
    /**
     * The day (Asia/Yangon) the VOT eligibility decision was made: screened, and eligible or not, as
     * of it. Set by the database whenever VOT_eligible changes (patients_decision_dates, drizzle/0024);
     * null for decisions made before decisions were dated. docs/decisions/0132-dated-decisions.md.
     */
    VOT_eligible_date: date({ mode: 'string' }),
    VOT_not_eligible_reason: text(),
    VOT_accept: text(),
    /** The day the VOT Accept decision (accepted or declined) was made; set as VOT_eligible_date is. */
    VOT_accept_date: date({ mode: 'string' }),
    VOT_not_accept_reason: text(),
    VOT_not_accept_reason_other: text(),
    DOT_start_date: date({ mode: 'string' }),
    DOT_end_date: date({ mode: 'string' }),
    VDOT_end_date: date({ mode: 'string' }),
    VDOT_end_type: text(),
    VDOT_end_remark: text(),
    /** Why VOT stopped (VOT_STOP_REASONS), with the outcome 'Unable to continue VOT' only: the VOT report's group 7. */
    VDOT_stop_reason: text(),
    pure_or_hybrid: text(),
    /** App / No App. */
    type: text(),
    volunteer_id: integer().references(() => volunteers.id, { onDelete: 'restrict' }),
    treatment_finished: text(),
    treatment_finished_date: date({ mode: 'string' }),
    outcome: text(),
    outcome_date: date({ mode: 'string' }),
    // Investigations (shared/src/schemas/investigations.ts)
    sputum_done_or_not_done: text(),
    sputum_examination_date: date({ mode: 'string' }),
    sputum_smear_result: text(),
    chest_Xray_done_or_not_done: text(),
    chest_Xray_examination_date: date({ mode: 'string' }),
    chest_Xray_result: text(),
    gene_Xpert_done_or_not_done: text(),
    gene_Xpert_examination_date: date({ mode: 'string' }),
    gene_Xpert_result: text(),
    truenat_done_or_not_done: text(),
    truenat_examination_date: date({ mode: 'string' }),
    truenat_result: text(),
    FNAC_done_or_not_done: text(),
    FNAC_examination_date: date({ mode: 'string' }),
    FNAC_result: text(),
    AFB_seen_not: text(),
    tuberculin_skin_done_or_not_done: text(),
    TST_examination_date: date({ mode: 'string' }),
    size_of_induration_in_millimeter: integer(),
    conclusion_of_TST: text(),
    sputum_culture_done_or_not_done: text(),
    sputum_culture_examination_date: date({ mode: 'string' }),
    sputum_culture_result: text(),
    drug_susceptibility_done_or_not_done: text(),
    drug_susceptibility_date: date({ mode: 'string' }),
    drug_susceptibility_result: text(),
    other_investigation_done_or_not_done: text(),
    other_investigation_date: date({ mode: 'string' }),
    investigation_name: text(),
    investigation_result: text(),
    status: integer().notNull().default(1),
    /**
     * The patient lists the patient is in, as bits of PATIENT_LIST_BITS: computed by the database
     * from the columns above, so lists, their totals and the menu counts (patient_list_counts) agree.
     */
    lists: integer()
      .notNull()
      .generatedAlwaysAs(
        sql`(case when "SP_code" is not null then 1 else 2 end)
          | (case when "VOT_eligible" = 'No' or "VOT_accept" = 'No' then 4 else 0 end)
          | (case when "VOT_eligible" is not null then 8 else 0 end)
          | (case when "VOT_eligible" = 'Yes' then 16 else 0 end)
          | (case when "VOT_accept" = 'Yes' then 32 else 0 end)
          | (case when "VOT_accept" = 'No' then 64 else 0 end)`,
      ),
    /**
     * Every beginning of every word of the name, lower-cased ('Aung Kyaw' → a, au, aun, aung, k, ky,
     * …): the name search asks for the typed words as word beginnings, through a GIN index
     * (docs/decisions/0065). patient_name_prefixes is drizzle/0011's function.
     */
    name_prefixes: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`patient_name_prefixes("name")`),
    /**
     * The name as registration compares it for a possible duplicate: lower-cased, without a leading
     * honorific (U, Daw, Ko, Ma …), spaces or punctuation ('Daw Aye Aye Myint' → ayeayemyint).
     * patient_name_key is drizzle/0018's function.
     */
    name_key: text()
      .notNull()
      .generatedAlwaysAs(sql`patient_name_key("name")`),
    deleted_at: at(),
    ...timestamps,
  },
  (t) => {
    const home = sql`coalesce(${t.township_id}, ${t.recover_township_id})`;
    return [
      uniqueIndex('patients_code_unique').on(t.code),
      uniqueIndex('patients_sp_code_unique').on(home, sql`lower(${t.SP_code})`),
      uniqueIndex('patients_rr_code_unique').on(home, sql`lower(${t.RR_code})`),
      uniqueIndex('patients_drtb_code_unique').on(home, sql`lower(${t.DRTB_code})`),
      uniqueIndex('patients_presumptive_number_unique').on(home, t.presumptive_TB_number),
      uniqueIndex('patients_dot_patient_id_gf_unique').on(t.dot_patient_id_gf),
      // The lists: newest first within a township (scope and filter), and the trash by recover township.
      // patients_township_idx also carries lists and name (INCLUDE, drizzle/0017: drizzle's builder
      // has none), so a few townships' list or name search is read from the index alone.
      index('patients_township_idx')
        .on(t.township_id, t.id)
        .where(sql`${t.status} = 1`),
      index('patients_recover_township_idx')
        .on(t.recover_township_id, t.id)
        .where(sql`${t.status} = 0`),
      index('patients_status_idx').on(t.status, t.id),
      // The VOT Status lists and their menu counts: the few patients on VOT among the registered, newest first.
      index('patients_on_vot_idx')
        .on(t.id)
        .where(sql`${t.status} = 1 and ${t.VOT_accept} = 'Yes' and ${t.DOT_start_date} is not null`),
      // Searches: a name by the beginnings of its words; codes by a piece anywhere in them (trigrams),
      // or by their beginning for a piece too short for a trigram (repository.ts codePattern).
      index('patients_name_prefixes_idx').using('gin', t.name_prefixes),
      index('patients_sp_code_search_idx').on(sql`lower(${t.SP_code}) text_pattern_ops`),
      index('patients_unique_id_search_idx').on(sql`lower(${t.unique_id}) text_pattern_ops`),
      index('patients_sp_code_trgm_idx').using('gin', sql`lower(${t.SP_code}) gin_trgm_ops`),
      index('patients_unique_id_trgm_idx').using('gin', sql`lower(${t.unique_id}) gin_trgm_ops`),
      index('patients_volunteer_idx').on(t.volunteer_id),
      // The VOT report's patients in no row (reports/vot-report/not-counted.ts): screened, with no
      // Reporting Period and no treatment start from the programme's first day (PROGRAMME_FIRST_DAY).
      index('patients_not_counted_idx')
        .on(t.id)
        .where(
          sql`${t.status} = 1 and ${t.VOT_eligible} is not null and ${t.report_period} is null and (${t.treatment_start_date} is null or ${t.treatment_start_date} < '2024-01-01')`,
        ),
      // Registration's possible duplicates: the same name in the township (trash included), or the same phone.
      index('patients_name_key_idx').on(home, t.name_key),
      index('patients_phone_idx').on(t.patient_phone_no),
    ];
  },
);

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
 * Phone-app sessions of volunteers and patients (issue 11): the columns of staff `sessions`
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
