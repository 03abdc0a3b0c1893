import * as yup from 'yup';
import { DONE_NOT_DONE, SPUTUM_GRADES, TREATMENT_OUTCOMES } from '../domain/patients';
import { YES_NO } from '../domain/volunteers';
import {
  CHECKLIST_ANSWERS,
  HYBRID,
  INFECTION_CHECKLIST_QUESTIONS,
  PURE_OR_HYBRID,
  SPUTUM_MONTHS,
  VOT_STOP_REASONS,
  VOT_STOPPED_OUTCOME,
  VOT_TYPES,
} from '../domain/vot';
import { optionalText, pastDay, requiredChoice, requiredId, text } from './fields';
import { choiceFilter } from './filters';
import { flagFilter, optionalDay, patientFilterSchema } from './patients';

/**
 * The VOT forms of SPEC.md §4/§5 (Move To VOT, pure or hybrid and volunteer changes, VOT end, VDOT conclusion, patient medicines, follow-up sputum, infection checklist),
 * with the spec's exact messages. The API validates requests with the same schemas.
 */

export const START_BEFORE_TREATMENT = 'VOT Start Date may not be before the Treatment Start Date!';
export const VOT_END_BEFORE_START = 'VOT End Date may not be before the VOT Start Date!';

/** A field kept only when `when` holds; otherwise sent and stored as null (SPEC.md §4). */
function onlyWhen<S extends yup.AnySchema>(schema: S, dependsOn: string, when: (value: unknown) => boolean) {
  return schema.when(dependsOn, {
    is: when,
    then: (s: S) => s,
    otherwise: () =>
      yup
        .mixed()
        .transform(() => null)
        .nullable()
        .optional(),
  }) as unknown as yup.Schema<yup.InferType<S> | null>;
}

/** A required day (not after today) with a message of the spec's own wording for "missing". */
const day = (label: string, missing: string) => pastDay(label).required(missing);

/**
 * Move To VOT (SPEC.md §4): Yes with a VOT start date, not before the treatment start date (when
 * the patient has one) nor after today; No clears the date. Built for one patient's treatment start.
 */
export const moveToVotSchema = (treatmentStartDate?: string | null) =>
  yup.object({
    VOT_accept: requiredChoice('VOT Patient', YES_NO),
    DOT_start_date: onlyWhen(
      day('VOT Start Date', 'Select VOT Start Date').test(
        'after-treatment-start',
        START_BEFORE_TREATMENT,
        (v) => !v || !treatmentStartDate || v >= treatmentStartDate,
      ),
      'VOT_accept',
      (v) => v === 'Yes',
    ),
  });
export type MoveToVotInput = yup.InferType<ReturnType<typeof moveToVotSchema>>;

const withVolunteer = (pureOrHybrid: unknown, withVolunteer: unknown) =>
  pureOrHybrid === HYBRID || withVolunteer === 'Yes';

/**
 * A dated change of pure or hybrid VOT and volunteer (SPEC.md §4): Hybrid forces with volunteer
 * Yes; with a volunteer, the volunteer and App / No App are required, otherwise both are null.
 */
export const changeVolunteerSchema = yup.object({
  patient_id: requiredId('Patient'),
  change_date: day('Date', 'Date is required'),
  pure_or_hybrid: requiredChoice('VOT pure and hybrid', PURE_OR_HYBRID)
    .required('VOT pure and hybrid required!')
    .oneOf([...PURE_OR_HYBRID], 'VOT pure and hybrid required!'),
  with_volunteer: requiredChoice('VOT with Volunteer (Yes/No)', YES_NO).when('pure_or_hybrid', {
    is: HYBRID,
    then: (s) => s.transform(() => 'Yes'),
  }),
  volunteer_id: yup.mixed<number>().when(['pure_or_hybrid', 'with_volunteer'], {
    is: withVolunteer,
    then: () => requiredId('Volunteer'),
    otherwise: () =>
      yup
        .mixed()
        .transform(() => null)
        .nullable()
        .optional(),
  }) as unknown as yup.Schema<number | null>,
  type: yup.mixed<string>().when(['pure_or_hybrid', 'with_volunteer'], {
    is: withVolunteer,
    then: () => requiredChoice('App or No App', VOT_TYPES),
    otherwise: () =>
      yup
        .mixed()
        .transform(() => null)
        .nullable()
        .optional(),
  }) as unknown as yup.Schema<(typeof VOT_TYPES)[number] | null>,
});
export type ChangeVolunteerInput = yup.InferType<typeof changeVolunteerSchema>;

/** VOT End (SPEC.md §2 Patient view): not after today; not before the VOT start date (checked by the server and the form's minimum). */
export const votEndSchema = yup.object({ DOT_end_date: pastDay('VOT End Date') });
export type VotEndInput = yup.InferType<typeof votEndSchema>;

/** VDOT Conclusion (SPEC.md §2 Patient view): date, outcome (SPEC.md §3 treatment outcomes), remark. */
export const vdotConclusionSchema = yup.object({
  VDOT_end_date: pastDay('Date'),
  VDOT_end_type: requiredChoice('VOT Outcomes', TREATMENT_OUTCOMES),
  VDOT_end_remark: optionalText(),
  /** Why VOT stopped (the VOT report's group 7), asked only with the outcome 'Unable to continue VOT'. */
  VDOT_stop_reason: onlyWhen(
    requiredChoice('Reason for stopping VOT', VOT_STOP_REASONS),
    'VDOT_end_type',
    (v) => v === VOT_STOPPED_OUTCOME,
  ),
});
export type VdotConclusionInput = yup.InferType<typeof vdotConclusionSchema>;

/** SPEC.md §5 Medicine: 'Medicine is required!'. */
export const patientMedicineSchema = yup.object({
  patient_id: requiredId('Patient'),
  medicine_name: text('Medicine').required('Medicine is required!').max(255, 'At most 255 characters!'),
});
export type PatientMedicineInput = yup.InferType<typeof patientMedicineSchema>;

/** SPEC.md §4/§5 follow-up sputum: Done requires the smear date and result; Not Done sends them null. */
export const fuSputumSchema = yup.object({
  patient_id: requiredId('Patient'),
  month: requiredChoice('Month', SPUTUM_MONTHS),
  to_send_date: yup
    .string()
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'To Send Date must be a date (yyyy-mm-dd)!')
    .optional(),
  send_date: optionalDay('Send Date'),
  smear: requiredChoice('Smear', DONE_NOT_DONE),
  smear_date: onlyWhen(pastDay('Smear Date'), 'smear', (v) => v === 'Done'),
  smear_result: onlyWhen(requiredChoice('Smear Result', SPUTUM_GRADES), 'smear', (v) => v === 'Done'),
  remark: optionalText(),
});
export type FuSputumInput = yup.InferType<typeof fuSputumSchema>;

/** One dated infection-control checklist of a patient: an answer (and the action taken) for each of the 19 questions. */
export const infectionChecklistSchema = yup.object({
  patient_id: requiredId('Patient'),
  date: pastDay('Date'),
  answers: yup
    .array(
      yup.object({
        answer: requiredChoice('Answer', CHECKLIST_ANSWERS),
        action: optionalText(500),
      }),
    )
    .required('Answers are required!')
    .length(INFECTION_CHECKLIST_QUESTIONS.length, `Answer all ${INFECTION_CHECKLIST_QUESTIONS.length} questions!`),
});
export type InfectionChecklistInput = yup.InferType<typeof infectionChecklistSchema>;

/** The VOT Status lists' own query flags (beside patientFilterSchema's searches). */
const trueFlag = flagFilter;
export const votStatusFilterFields = {
  DOT_with_volunteer: trueFlag('DOT_with_volunteer'),
  DOT_with_no_volunteer: trueFlag('DOT_with_no_volunteer'),
  pure_or_hybrid: choiceFilter(PURE_OR_HYBRID, 'pure_or_hybrid must be Pure or Hybrid!'),
  complete: trueFlag('complete'),
  not_complete: trueFlag('not_complete'),
  /** The dose ledger's early warning: patients on VOT who missed MISSED_RUN_WARNING days or more in a row up to today. */
  missed_doses: trueFlag('missed_doses'),
};

/** The query of GET patients and patients-export with the VOT Status lists' flags. */
export const votPatientFilterSchema = patientFilterSchema.shape(votStatusFilterFields);
export type VotPatientFilterInput = yup.InferType<typeof votPatientFilterSchema>;
