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
  REPORT_PERIODS,
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
  YES_NO,
  todayIn,
  type InvestigationKind,
} from '@vot/shared/domain';
import { optionsOf } from '@vot/shared/lists';
import { INVESTIGATIONS, type InvestigationInput, type Patient } from '@vot/shared/schemas';
import type { FieldDef, Option } from '@vot/shared/ui';

type Values = Record<string, unknown>;
const today = () => todayIn();
const treated = (v: Values) => TREATED_STATUSES.includes(v.treatment_status as string);

/** SPEC.md §4 "VOT eligibility": a reason only when No. */
export const votEligibleFields: FieldDef[] = [
  { name: 'VOT_eligible', label: 'VOT Eligible', type: 'select', options: optionsOf(YES_NO) },
  { name: 'VOT_not_eligible_reason', label: 'Reason For Not Eligible', type: 'select', options: optionsOf(VOT_NOT_ELIGIBLE_REASONS), visible: (v) => v.VOT_eligible === 'No' },
];

/** SPEC.md §4 "VOT acceptance": a reason when No, and its text when the reason is Others (Specify). */
export const votAcceptFields: FieldDef[] = [
  { name: 'VOT_accept', label: 'VOT Accept', type: 'select', options: optionsOf(YES_NO) },
  { name: 'VOT_not_accept_reason', label: 'Reason', type: 'select', options: optionsOf(VOT_NOT_ACCEPT_REASONS), visible: (v) => v.VOT_accept === 'No' },
  { name: 'VOT_not_accept_reason_other', label: 'Others (Specify)', visible: (v) => v.VOT_accept === 'No' && v.VOT_not_accept_reason === VOT_REASON_OTHER },
];

export const reportPeriodFields: FieldDef[] = [{ name: 'report_period', label: 'Reporting Period', type: 'select', options: optionsOf(REPORT_PERIODS) }];

/** A Non-Reactive HIV result leaves only the reduced ART choices (SPEC.md §4). */
const artChoices = (v: Values): Promise<Option[]> => Promise.resolve(optionsOf(v.HIV_result === 'Non-Reactive' ? ART_STATUSES_NON_REACTIVE : ART_STATUSES));

/**
 * SPEC.md §4 "TB conclusion": No TB disables the treatment status; the treated statuses show the
 * detailed fields; HIV date/result only when Done, CPT/ART dates only when Yes, the outcome date
 * only with an outcome; the other TB type only for the extra-pulmonary types. The schema sends a
 * hidden field as null.
 */
export const tbConclusionFields: FieldDef[] = [
  { name: 'TB_status', label: 'TB Status', type: 'select', options: optionsOf(TB_STATUSES) },
  { name: 'treatment_status', label: 'Treatment Status', type: 'select', options: optionsOf(TREATMENT_STATUSES), disabledWhen: (v) => v.TB_status === NO_TB },
  { name: 'TB_DRTB_code', label: 'TB Registration Code', visible: treated },
  { name: 'treatment_start_date', label: 'Treatment Start Date', type: 'date', max: today, visible: treated },
  // The registration's regimen, shown and changed with the treated branch (SPEC.md §4).
  { name: 'treatment_regimen', label: 'Treatment Regimen', type: 'select', options: optionsOf(TREATMENT_REGIMENS), visible: treated },
  { name: 'treatment_regimen_other', label: 'Other', visible: (v) => treated(v) && v.treatment_regimen === REGIMEN_OTHER },
  { name: 'defined_TB_type', label: 'Defined TB Type', type: 'select', options: optionsOf(DEFINED_TB_TYPES), visible: treated },
  { name: 'defined_TB_type_other', label: 'Defined TB Type (Other)', visible: treated, disabledWhen: (v) => !EXTRA_PULMONARY_TYPES.includes(v.defined_TB_type as string) },
  { name: 'type_of_TB_patient', label: 'Type of TB Patient', type: 'select', options: optionsOf(TYPES_OF_TB_PATIENT), visible: treated },
  { name: 'smoking_status', label: 'Smoking Status', type: 'select', options: optionsOf(SMOKING_STATUSES), visible: treated },
  { name: 'DM_status', label: 'DM Status', type: 'select', options: optionsOf(DM_STATUSES), visible: treated },
  { name: 'HIV_test', label: 'HIV Test', type: 'select', options: optionsOf(DONE_NOT_DONE), visible: treated },
  { name: 'HIV_test_date', label: 'HIV Test Date', type: 'date', max: today, visible: (v) => treated(v) && v.HIV_test === 'Done' },
  { name: 'HIV_result', label: 'HIV Result', type: 'select', options: optionsOf(HIV_RESULTS), visible: (v) => treated(v) && v.HIV_test === 'Done' },
  { name: 'CPT_status', label: 'CPT Status', type: 'select', options: optionsOf(CPT_STATUSES), visible: treated },
  { name: 'CPT_date', label: 'CPT Date', type: 'date', max: today, visible: (v) => treated(v) && v.CPT_status === 'Yes' },
  { name: 'ART_status', label: 'ART Status', type: 'select', loadOptions: artChoices, dependsOn: 'HIV_result', visible: treated },
  { name: 'ART_date', label: 'ART Date', type: 'date', max: today, visible: (v) => treated(v) && v.ART_status === 'Yes' },
  { name: 'treatment_outcome', label: 'Treatment Outcome', type: 'select', options: optionsOf(TREATMENT_OUTCOMES), visible: treated },
  { name: 'treatment_outcome_date', label: 'Treatment Outcome Date', type: 'date', max: today, visible: (v) => treated(v) && Boolean(v.treatment_outcome) },
  { name: 'remark', label: 'Remark', type: 'textarea' },
];

/** A stored patient's values for the fields given: null becomes empty, as the inputs want. */
export function valuesOf<V = Values>(source: object, fields: FieldDef[]): V {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.name, record[f.name] ?? ''])) as V;
}

/** The fields of one investigation, from the INVESTIGATIONS table: Done / Not Done, then its results, disabled until Done (SPEC.md §4). */
export function investigationFields(kind: InvestigationKind): FieldDef[] {
  const { test, done, fields } = INVESTIGATIONS[kind];
  const notDone = (v: Values) => v[done] !== 'Done';
  return [
    { name: done, label: `${test} Done or Not Done`, type: 'select', options: optionsOf(DONE_NOT_DONE) },
    ...fields.map(
      (f): FieldDef => ({
        name: f.name,
        label: f.label,
        type: f.type === 'date' ? 'date' : f.type === 'choice' ? 'select' : f.type === 'number' ? 'number' : 'text',
        options: f.choices ? optionsOf(f.choices) : undefined,
        max: f.type === 'date' ? today : undefined,
        disabledWhen: notDone,
      }),
    ),
  ];
}

export const investigationValues = (patient: Patient, kind: InvestigationKind) => valuesOf<InvestigationInput>(patient.investigations ?? {}, investigationFields(kind));
