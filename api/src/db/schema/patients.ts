// The patient record.
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, timestamps, passwordColumns } from './columns';
import { townships } from './places-accounts';
import { volunteers } from './volunteers';

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
