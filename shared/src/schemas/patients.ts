import * as yup from 'yup';
import {
  ART_STATUSES,
  ART_STATUSES_NON_REACTIVE,
  CPT_STATUSES,
  DEFINED_TB_TYPES,
  DM_STATUSES,
  DONE_NOT_DONE,
  EXTRA_PULMONARY_TYPES,
  HIV_RESULTS,
  NO_TB,
  REGIMEN_OTHER,
  SEXES,
  SMOKING_STATUSES,
  TB_STATUSES,
  TREATED_STATUSES,
  TREATMENT_OUTCOMES,
  TREATMENT_REGIMENS,
  TREATMENT_STATUSES,
  TYPES_OF_TB_PATIENT,
  VOT_NOT_ACCEPT_REASONS,
  VOT_NOT_ELIGIBLE_REASONS,
  VOT_REASON_OTHER,
} from '../domain/patients';
import { patientYears, reportPeriods } from '../domain/fiscal';
import { YES_NO } from '../domain/volunteers';
import { LIMITS } from '../domain/constants';
import { myanmarPhone } from '../domain/phones';
import {
  INVALID_PHONE,
  optionalChoice,
  optionalNumber,
  optionalText,
  pastDay,
  requiredChoice,
  requiredId,
  requiredNumber,
  text,
} from './fields';
import { required } from './messages';
import { choiceFilter, idListFilter, oneValue } from './filters';

/** SPEC.md §5: a contact phone is 3 to 11 digits (the patient's own phone is any Myanmar number: myanmarPhone). */
export const PATIENT_PHONE = /^[0-9]{3,11}$/;
export const HOUSEHOLD_CONTACT_WARNING = 'Please enter name and age of household contact!';
export const CODES_BOTH_GIVEN = 'Enter either a Lab Code or a DRTB Code, not both!';

/** An optional day (yyyy-mm-dd, not after today): '' and null mean none. */
export const optionalDay = (label: string) =>
  pastDay(label)
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .optional();

/** A field kept only when `when` holds of the other values; otherwise stored as null (SPEC.md §4 "sent as null"). */
function onlyWhen<S extends yup.AnySchema>(
  schema: S,
  dependsOn: string | string[],
  when: (...values: unknown[]) => boolean,
  required: (s: S) => S,
) {
  return schema.when(dependsOn, {
    is: when,
    then: required,
    otherwise: (s: S) =>
      s
        .transform(() => null)
        .nullable()
        .optional(),
  });
}

/**
 * Every choice of the patient forms, declared once: the schemas below take each one's label (for
 * their messages) and choices from here, and so do the forms' selects (mfe-patients' sections), as
 * the investigation screen takes its fields from INVESTIGATIONS. The year and the Reporting Period
 * follow the calendar (shared/src/domain/fiscal.ts): their choices are read each time, on today's date.
 */
export const PATIENT_CHOICES = {
  year: {
    label: 'Year',
    get choices() {
      return patientYears();
    },
  },
  sex: { label: 'Sex', choices: SEXES },
  treatment_regimen: { label: 'Treatment Regimen', choices: TREATMENT_REGIMENS },
  TB_status: { label: 'TB Status', choices: TB_STATUSES },
  treatment_status: { label: 'Treatment Status', choices: TREATMENT_STATUSES },
  defined_TB_type: { label: 'Defined TB Type', choices: DEFINED_TB_TYPES },
  type_of_TB_patient: { label: 'Type of TB Patient', choices: TYPES_OF_TB_PATIENT },
  smoking_status: { label: 'Smoking Status', choices: SMOKING_STATUSES },
  DM_status: { label: 'DM Status', choices: DM_STATUSES },
  HIV_test: { label: 'HIV Test', choices: DONE_NOT_DONE },
  HIV_result: { label: 'HIV Result', choices: HIV_RESULTS },
  CPT_status: { label: 'CPT Status', choices: CPT_STATUSES },
  ART_status: { label: 'ART Status', choices: ART_STATUSES },
  treatment_outcome: { label: 'Treatment Outcome', choices: TREATMENT_OUTCOMES },
  VOT_eligible: { label: 'VOT Eligible', choices: YES_NO },
  VOT_not_eligible_reason: { label: 'Reason For Not Eligible', choices: VOT_NOT_ELIGIBLE_REASONS },
  VOT_accept: { label: 'VOT Accept', choices: YES_NO },
  VOT_not_accept_reason: { label: 'Reason', choices: VOT_NOT_ACCEPT_REASONS },
  report_period: {
    label: 'Reporting Period',
    get choices() {
      return reportPeriods();
    },
  },
} as const;
export type PatientChoice = keyof typeof PATIENT_CHOICES;

const C = PATIENT_CHOICES;
type TextChoice = Exclude<PatientChoice, 'year'>;
const requiredOf = <K extends TextChoice>(name: K) => requiredChoice(C[name].label, C[name].choices);
const optionalOf = <K extends TextChoice>(name: K) => optionalChoice(C[name].label, C[name].choices);

/** The treated statuses open the TB conclusion's detailed fields (SPEC.md §4). */
export const isTreated = (status: unknown) => typeof status === 'string' && TREATED_STATUSES.includes(status);

/** The ART choices an HIV result leaves: a Non-Reactive result leaves only the reduced ones (SPEC.md §4). */
export const artStatusesFor = (hivResult: unknown): readonly string[] =>
  hivResult === 'Non-Reactive' ? ART_STATUSES_NON_REACTIVE : ART_STATUSES;

const number = (label: string, max: number) =>
  requiredNumber(required(label))
    .min(0, `${label} must be between 0 and ${max}!`)
    .max(max, `${label} must be between 0 and ${max}!`);

export const householdContactSchema = yup.object({
  name: text().required(HOUSEHOLD_CONTACT_WARNING).max(255, 'Name is too long!'),
  age: requiredNumber(HOUSEHOLD_CONTACT_WARNING)
    .integer(HOUSEHOLD_CONTACT_WARNING)
    .min(0, HOUSEHOLD_CONTACT_WARNING)
    .max(LIMITS.ageMax, HOUSEHOLD_CONTACT_WARNING),
});
export type HouseholdContact = yup.InferType<typeof householdContactSchema>;

const patientFields = {
  year: requiredNumber(required(C.year.label)).test(
    'year',
    required(C.year.label),
    (v) => v === undefined || C.year.choices.includes(v),
  ),
  dot_patient_id_gf: optionalNumber().positive('DOT Patient Id (GF) must be positive!').optional(),
  township_id: requiredId('Township'),
  RR_code: optionalText(50),
  DRTB_code: optionalText(50),
  SP_code: text('SP Code').required(required('SP Code')).max(50, 'SP Code is too long!'),
  name: text('Name').required(required('Name')).max(255, 'Name is too long!'),
  DOB: optionalDay('DOB'),
  age: number('Age', LIMITS.ageMax).integer('Age must be a whole number!'),
  sex: requiredOf('sex'),
  treatment_start_date: optionalDay('Treatment Start Date'),
  treatment_regimen: requiredOf('treatment_regimen'),
  treatment_regimen_other: onlyWhen(
    optionalText(255),
    'treatment_regimen',
    (r) => r === REGIMEN_OTHER,
    (s) => s.required('Other is required!'),
  ),
  patient_address: text('Patient Address')
    .required(required('Patient Address'))
    .max(1000, 'Patient Address is too long!'),
  // As Myanmar numbers are written (+95 9…, 09…, spaces, dashes); the API stores it normalised (myanmarPhone).
  patient_phone_no: text('Patient Phone No')
    .required(required('Patient Phone No'))
    .max(30, INVALID_PHONE)
    .test('myanmar-phone', INVALID_PHONE, (v) => !v || myanmarPhone(v) !== null),
  contact_info: text('Contact Info').required(required('Contact Info')).max(1000, 'Contact Info is too long!'),
  contact_phone_no: text('Contact Phone No')
    .required(required('Contact Phone No'))
    .matches(PATIENT_PHONE, INVALID_PHONE),
  primary_language: text('Primary Language')
    .required(required('Primary Language'))
    .max(100, 'Primary Language is too long!'),
  secondary_language: optionalText(100),
  height: number('Height(cm)', LIMITS.heightMaxCm).moreThan(0, required('Height(cm)')),
  weight: number('Initial Body Weight(kg)', LIMITS.weightMaxKg).moreThan(0, required('Initial Body Weight(kg)')),
  /** Shown read-only in the form; the server stores its own bmi(height, weight), never the client's. */
  BMI: requiredNumber(required('BMI')),
  household_contacts: yup
    .array(householdContactSchema.required())
    .max(50, 'At most 50 household contacts!')
    .default([]),
};

/** SPEC.md §5 Patient registration: the patient information form (Update on the detail screen). */
export const patientSchema = yup.object(patientFields);
export type PatientInput = yup.InferType<typeof patientSchema>;

/** Add forms: entering a Lab Code clears the DRTB Code and vice versa, so a new patient has at most one. */
const oneCode = (s: typeof patientSchema) =>
  s.test('one-code', CODES_BOTH_GIVEN, function (v) {
    return !(v?.RR_code && v?.DRTB_code) || this.createError({ path: 'DRTB_code', message: CODES_BOTH_GIVEN });
  });

/** Add DRTB patient (with SP code). */
export const patientCreateSchema = oneCode(patientSchema);

/** To Add DRTB No SPS Patient: no SP code; the township's next presumptive TB number is sent. */
export const noSpsPatientCreateSchema = oneCode(
  patientSchema.shape({
    SP_code: optionalText(50),
    presumptive_TB_number: optionalNumber().positive('Presumptive TB Number must be positive!').optional(),
  }) as unknown as typeof patientSchema,
);
export type NoSpsPatientInput = PatientInput & { presumptive_TB_number?: number };

/**
 * The information form (Update) of a patient registered without an SP code: the code stays
 * optional until the programme gives one (and then the patient joins the TB patient list).
 */
export const noSpsPatientSchema = patientSchema.shape({ SP_code: optionalText(50) }) as unknown as typeof patientSchema;

// ---- TB conclusion (SPEC.md §4, §5) -------------------------------------------------------------

/** A field of the treated branch: kept (and maybe required) only when the treatment status is a treated one. */
const whenTreated = <S extends yup.AnySchema>(schema: S, require?: (s: S) => S) =>
  onlyWhen(schema, 'treatment_status', isTreated, require ?? ((s) => s));

export const tbConclusionSchema = yup.object({
  TB_status: requiredOf('TB_status'),
  treatment_status: onlyWhen(
    optionalOf('treatment_status'),
    'TB_status',
    (s) => s !== NO_TB && s !== undefined,
    (s) => s.required(required(C.treatment_status.label)),
  ),
  TB_DRTB_code: whenTreated(optionalText(50), (s) => s.required('TB Registration Code is required!')),
  treatment_start_date: whenTreated(optionalDay('Treatment Start Date'), (s) =>
    s.required('Treatment Start Date is required!'),
  ),
  // SPEC.md §4 names the regimen among the treated branch's fields; it is the registration's own
  // (required there, so required here with its messages). Not treated, it is sent as null and the
  // server keeps the registered regimen (docs/decisions/0062).
  treatment_regimen: whenTreated(optionalOf('treatment_regimen'), (s) =>
    s.required(required(C.treatment_regimen.label)),
  ),
  treatment_regimen_other: onlyWhen(
    optionalText(255),
    ['treatment_status', 'treatment_regimen'],
    (status, regimen) => isTreated(status) && regimen === REGIMEN_OTHER,
    (s) => s.required('Other is required!'),
  ),
  defined_TB_type: whenTreated(optionalOf('defined_TB_type'), (s) => s.required('Defined TB Type is required!')),
  defined_TB_type_other: onlyWhen(
    optionalText(255),
    ['treatment_status', 'defined_TB_type'],
    (status, type) => isTreated(status) && EXTRA_PULMONARY_TYPES.includes(type as string),
    (s) => s,
  ),
  type_of_TB_patient: whenTreated(optionalOf('type_of_TB_patient')),
  smoking_status: whenTreated(optionalOf('smoking_status')),
  DM_status: whenTreated(optionalOf('DM_status')),
  HIV_test: whenTreated(optionalOf('HIV_test')),
  HIV_test_date: onlyWhen(
    optionalDay('HIV Test Date'),
    ['treatment_status', 'HIV_test'],
    (status, hiv) => isTreated(status) && hiv === 'Done',
    (s) => s.required('HIV Test Date is required!'),
  ),
  HIV_result: onlyWhen(
    optionalOf('HIV_result'),
    ['treatment_status', 'HIV_test'],
    (status, hiv) => isTreated(status) && hiv === 'Done',
    (s) => s,
  ),
  CPT_status: whenTreated(optionalOf('CPT_status')),
  CPT_date: onlyWhen(
    optionalDay('CPT Date'),
    ['treatment_status', 'CPT_status'],
    (status, cpt) => isTreated(status) && cpt === 'Yes',
    (s) => s.required('CPT Date is required!'),
  ),
  ART_status: whenTreated(optionalOf('ART_status')).test(
    'art-non-reactive',
    'ART Status must be Not applicable for a Non-Reactive HIV result!',
    function (art) {
      const { HIV_result } = this.parent as { HIV_result?: string | null };
      return !art || artStatusesFor(HIV_result).includes(art as string);
    },
  ),
  ART_date: onlyWhen(
    optionalDay('ART Date'),
    ['treatment_status', 'ART_status'],
    (status, art) => isTreated(status) && art === 'Yes',
    (s) => s.required('ART Date is required!'),
  ),
  treatment_outcome: whenTreated(optionalOf('treatment_outcome')),
  treatment_outcome_date: onlyWhen(
    optionalDay('Treatment Outcome Date'),
    ['treatment_status', 'treatment_outcome'],
    (status, outcome) => isTreated(status) && Boolean(outcome),
    (s) => s.required('Select Treatment Outcome Date'),
  ),
  remark: optionalText(),
});
export type TbConclusionInput = yup.InferType<typeof tbConclusionSchema>;

// ---- VOT eligibility, acceptance, report period (SPEC.md §4, §5) ---------------------------------

export const votEligibleSchema = yup.object({
  VOT_eligible: requiredOf('VOT_eligible'),
  VOT_not_eligible_reason: onlyWhen(
    optionalOf('VOT_not_eligible_reason'),
    'VOT_eligible',
    (v) => v === 'No',
    (s) => s.required('Reason For Not Eligible is required!'),
  ),
});
export type VotEligibleInput = yup.InferType<typeof votEligibleSchema>;

export const votAcceptSchema = yup.object({
  VOT_accept: requiredOf('VOT_accept'),
  VOT_not_accept_reason: onlyWhen(
    optionalOf('VOT_not_accept_reason'),
    'VOT_accept',
    (v) => v === 'No',
    (s) => s.required('Reason is required!'),
  ),
  VOT_not_accept_reason_other: onlyWhen(
    optionalText(255),
    ['VOT_accept', 'VOT_not_accept_reason'],
    (accept, reason) => accept === 'No' && reason === VOT_REASON_OTHER,
    (s) => s.required('Others (Specify) is required!'),
  ),
});
export type VotAcceptInput = yup.InferType<typeof votAcceptSchema>;

export const reportPeriodSchema = yup.object({
  report_period: yup
    .string()
    .required(`${C.report_period.label} is required`)
    .test(
      'period',
      `${C.report_period.label} is required`,
      (v) => v === undefined || C.report_period.choices.includes(v),
    ),
});
export type ReportPeriodInput = yup.InferType<typeof reportPeriodSchema>;

// ---- Patient lists (GET patients, patients-export, SPEC.md §7) ------------------------------------

/** A list flag: `true` (`false` or empty: not given). */
export const flagFilter = (label: string) =>
  yup
    .string()
    .transform((v: unknown, raw: unknown) => (raw === 'false' ? undefined : oneValue(v, raw)))
    .oneOf(['true', undefined], `${label} must be true!`)
    .optional();
const flag = flagFilter;
const yesOnly = (label: string) => choiceFilter(['Yes'], `${label} must be Yes!`);
const search = (label: string, max: number) =>
  text(label)
    .transform((v: unknown) => (v === '' ? undefined : v))
    .max(max, `${label} is too long!`)
    .optional();

/**
 * The query of the patient lists and their export: the searches, the townships (`township_id` or
 * `township_id[]`; the recover township in the trash) and at most one category flag
 * (PATIENT_CATEGORIES; `status=0` is the trash). Without a flag: every active patient.
 */
export const patientFilterSchema = yup.object({
  name: search('Name', 255),
  SP_code: search('SP Code', 50),
  unique_id: search('Township DRTB Code', 100),
  township_id: idListFilter('Township'),
  TB_patient: flag('TB_patient'),
  NO_SP_CODE: flag('NO_SP_CODE'),
  no_DOT: flag('no_DOT'),
  screened: flag('screened'),
  VOT_eligible: yesOnly('VOT_eligible'),
  VOT_accept: yesOnly('VOT_accept'),
  VOT_declined: flag('VOT_declined'),
  clinic: flag('clinic'),
  status: choiceFilter(['0', '1'], 'Status must be 0 or 1!'),
});
export type PatientFilterInput = yup.InferType<typeof patientFilterSchema>;

// ---- Possible duplicates (registration) -------------------------------------------------------

/**
 * GET patients-possible-duplicates' query: what the registration form holds when Save is pressed.
 * The name and the phone are read as the form's fields are (text in Unicode, the phone normalised
 * by the API); a phone that is not one is simply not compared.
 */
export const possibleDuplicateQuerySchema = yup.object({
  township_id: requiredId('Township'),
  name: text('Name').required(required('Name')).max(255, 'Name is too long!'),
  age: number('Age', LIMITS.ageMax).integer('Age must be a whole number!'),
  patient_phone_no: text('Patient Phone No')
    .max(30, INVALID_PHONE)
    .transform((v: unknown) => (v === '' ? undefined : v))
    .optional(),
});
export type PossibleDuplicateQuery = yup.InferType<typeof possibleDuplicateQuerySchema>;
