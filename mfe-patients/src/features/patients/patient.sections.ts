import {
  DONE_NOT_DONE,
  EXTRA_PULMONARY_TYPES,
  NO_TB,
  REGIMEN_OTHER,
  VOT_REASON_OTHER,
  todayIn,
  type InvestigationKind,
} from '@vot/shared/domain';
import { choiceSelects, optionsOf } from '@vot/shared/lists';
import {
  INVESTIGATIONS,
  PATIENT_CHOICES,
  artStatusesFor,
  isTreated,
  type InvestigationInput,
  type Patient,
} from '@vot/shared/schemas';
import type { FieldDef, Option } from '@vot/shared/ui';

type Values = Record<string, unknown>;
const today = () => todayIn();
const treated = (v: Values) => isTreated(v.treatment_status);
/** Each select's label and choices come from the schema's table, so the form and its messages agree. */
const select = choiceSelects(PATIENT_CHOICES);

/** SPEC.md §4 "VOT eligibility": a reason only when No. */
export const votEligibleFields: FieldDef[] = [
  select('VOT_eligible'),
  select('VOT_not_eligible_reason', { visible: (v) => v.VOT_eligible === 'No' }),
];

/** SPEC.md §4 "VOT acceptance": a reason when No, and its text when the reason is Others (Specify). */
export const votAcceptFields: FieldDef[] = [
  select('VOT_accept'),
  select('VOT_not_accept_reason', { visible: (v) => v.VOT_accept === 'No' }),
  {
    name: 'VOT_not_accept_reason_other',
    label: 'Others (Specify)',
    visible: (v) => v.VOT_accept === 'No' && v.VOT_not_accept_reason === VOT_REASON_OTHER,
  },
];

export const reportPeriodFields: FieldDef[] = [select('report_period')];

/** A Non-Reactive HIV result leaves only the reduced ART choices (SPEC.md §4). */
const artChoices = (v: Values): Promise<Option[]> => Promise.resolve(optionsOf(artStatusesFor(v.HIV_result)));

/**
 * SPEC.md §4 "TB conclusion": No TB disables the treatment status; the treated statuses show the
 * detailed fields; HIV date/result only when Done, CPT/ART dates only when Yes, the outcome date
 * only with an outcome; the other TB type only for the extra-pulmonary types. The schema sends a
 * hidden field as null.
 */
export const tbConclusionFields: FieldDef[] = [
  select('TB_status'),
  select('treatment_status', { disabledWhen: (v) => v.TB_status === NO_TB }),
  { name: 'TB_DRTB_code', label: 'TB Registration Code', visible: treated },
  { name: 'treatment_start_date', label: 'Treatment Start Date', type: 'date', max: today, visible: treated },
  // The registration's regimen, shown and changed with the treated branch (SPEC.md §4).
  select('treatment_regimen', { visible: treated }),
  {
    name: 'treatment_regimen_other',
    label: 'Other',
    visible: (v) => treated(v) && v.treatment_regimen === REGIMEN_OTHER,
  },
  select('defined_TB_type', { visible: treated }),
  {
    name: 'defined_TB_type_other',
    label: 'Defined TB Type (Other)',
    visible: treated,
    disabledWhen: (v) => !EXTRA_PULMONARY_TYPES.includes(v.defined_TB_type as string),
  },
  select('type_of_TB_patient', { visible: treated }),
  select('smoking_status', { visible: treated }),
  select('DM_status', { visible: treated }),
  select('HIV_test', { visible: treated }),
  {
    name: 'HIV_test_date',
    label: 'HIV Test Date',
    type: 'date',
    max: today,
    visible: (v) => treated(v) && v.HIV_test === 'Done',
  },
  select('HIV_result', { visible: (v) => treated(v) && v.HIV_test === 'Done' }),
  select('CPT_status', { visible: treated }),
  {
    name: 'CPT_date',
    label: 'CPT Date',
    type: 'date',
    max: today,
    visible: (v) => treated(v) && v.CPT_status === 'Yes',
  },
  {
    name: 'ART_status',
    label: PATIENT_CHOICES.ART_status.label,
    type: 'select',
    loadOptions: artChoices,
    dependsOn: 'HIV_result',
    visible: treated,
  },
  {
    name: 'ART_date',
    label: 'ART Date',
    type: 'date',
    max: today,
    visible: (v) => treated(v) && v.ART_status === 'Yes',
  },
  select('treatment_outcome', { visible: treated }),
  {
    name: 'treatment_outcome_date',
    label: 'Treatment Outcome Date',
    type: 'date',
    max: today,
    visible: (v) => treated(v) && Boolean(v.treatment_outcome),
  },
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
    ...fields.map((f): FieldDef => ({
      name: f.name,
      label: f.label,
      type: f.type === 'date' ? 'date' : f.type === 'choice' ? 'select' : f.type === 'number' ? 'number' : 'text',
      options: f.choices ? optionsOf(f.choices) : undefined,
      max: f.type === 'date' ? today : undefined,
      disabledWhen: notDone,
    })),
  ];
}

export const investigationValues = (patient: Patient, kind: InvestigationKind) =>
  valuesOf<InvestigationInput>(patient.investigations ?? {}, investigationFields(kind));
