// The patient's columns as the forms set them: the information form's, a form's every field, the TB conclusion's.
import { bmi, myanmarPhone } from '@vot/shared/domain';
import { tbConclusionSchema, type PatientInput, type TbConclusionInput } from '@vot/shared/schemas';
import type { patients } from '../../db/schema';
import { townshipDrtbCode } from './codes';

export type Columns = Partial<typeof patients.$inferInsert>;

/** The columns the information form sets; an optional field left empty clears what was stored. BMI is the server's own. */
export function informationColumns(input: PatientInput, abbreviation: string): Columns {
  return {
    year: input.year,
    township_id: input.township_id,
    RR_code: input.RR_code ?? null,
    dot_patient_id_gf: input.dot_patient_id_gf ?? null,
    DRTB_code: input.DRTB_code ?? null,
    SP_code: input.SP_code || null,
    unique_id: townshipDrtbCode(abbreviation, input.DRTB_code),
    name: input.name,
    DOB: input.DOB ?? null,
    age: input.age,
    sex: input.sex,
    treatment_start_date: input.treatment_start_date ?? null,
    treatment_regimen: input.treatment_regimen,
    treatment_regimen_other: input.treatment_regimen_other ?? null,
    patient_address: input.patient_address,
    // The schema let only a Myanmar number through: stored normalised, and as typed to show again.
    patient_phone_no: myanmarPhone(input.patient_phone_no) ?? input.patient_phone_no,
    patient_phone_no_typed: input.patient_phone_no,
    contact_info: input.contact_info,
    contact_phone_no: input.contact_phone_no,
    primary_language: input.primary_language,
    secondary_language: input.secondary_language ?? null,
    height: input.height,
    weight: input.weight,
    BMI: bmi(input.height, input.weight) ?? 0,
    household_contacts: input.household_contacts,
  };
}

/** Every field of a form as validation returned it: what a rule cleared (or the client left out) is stored null. */
export function allOf(fields: string[], value: Record<string, unknown>): Columns {
  return Object.fromEntries(fields.map((f) => [f, value[f] ?? null])) as Columns;
}

const TB_CONCLUSION_FIELDS = Object.keys(tbConclusionSchema.fields);

/**
 * The TB conclusion's columns, a field its rules clear stored as null — but the regimen: the
 * registration requires one, so a conclusion without a treated status (no regimen sent) leaves the
 * registered regimen as it is, and a treated one replaces it (docs/decisions/0062).
 */
export function tbConclusionColumns(input: TbConclusionInput): Columns {
  const { treatment_regimen, treatment_regimen_other, ...conclusion } = allOf(TB_CONCLUSION_FIELDS, input);
  return input.treatment_regimen ? { ...conclusion, treatment_regimen, treatment_regimen_other } : conclusion;
}
