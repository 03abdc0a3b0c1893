import * as yup from 'yup';
import {
  AFB_SEEN_NOT,
  CHEST_XRAY_RESULTS,
  DONE_NOT_DONE,
  DRUG_SUSCEPTIBILITY_RESULTS,
  FNAC_RESULTS,
  GENE_XPERT_RESULTS,
  SPUTUM_CULTURE_RESULTS,
  SPUTUM_GRADES,
  TRUENAT_RESULTS,
  TST_CONCLUSIONS,
  type InvestigationKind,
} from '../domain/patients';
import { optionalDay } from './patients';
import { MAX_INT, optionalText, text } from './fields';

/** One result field of an investigation: a date, a choice from a list, free text or a measurement. */
export interface InvestigationField {
  name: string;
  label: string;
  /** The spec's message when the test is Done and this is empty (SPEC.md §5 Investigations). */
  message: string;
  type: 'date' | 'choice' | 'text' | 'number';
  choices?: readonly string[];
}

/** An investigation of SPEC.md §3: its Done / Not Done field and the fields that Done makes required. */
export interface Investigation {
  kind: InvestigationKind;
  /** The test's name in '<Test> Done or Not Done is required!'. */
  test: string;
  done: string;
  fields: InvestigationField[];
}

const date = (name: string, message: string, label: string): InvestigationField => ({
  name,
  label,
  message,
  type: 'date',
});
const choice = (name: string, message: string, label: string, choices: readonly string[]): InvestigationField => ({
  name,
  label,
  message,
  type: 'choice',
  choices,
});

/**
 * Every investigation as data: the schema below, the API's columns and the investigation screen's
 * sections are all made from this one table, so a field or message is written once.
 */
export const INVESTIGATIONS: Record<InvestigationKind, Investigation> = {
  sputum: {
    kind: 'sputum',
    test: 'Sputum',
    done: 'sputum_done_or_not_done',
    fields: [
      date('sputum_examination_date', 'Sputum Examination Date is required!', 'Sputum Examination Date'),
      choice('sputum_smear_result', 'Sputum Smear Result is required!', 'Sputum Smear Result', SPUTUM_GRADES),
    ],
  },
  'chest-XRay': {
    kind: 'chest-XRay',
    test: 'Chest X-Ray',
    done: 'chest_Xray_done_or_not_done',
    fields: [
      date('chest_Xray_examination_date', 'CXR Examination Date is required!', 'CXR Examination Date'),
      choice('chest_Xray_result', 'Chest X-Ray Result is required!', 'Chest X-Ray Result', CHEST_XRAY_RESULTS),
    ],
  },
  'gene-Xpert': {
    kind: 'gene-Xpert',
    test: 'Gene Xpert',
    done: 'gene_Xpert_done_or_not_done',
    fields: [
      date('gene_Xpert_examination_date', 'GXP Examination Date is required!', 'GXP Examination Date'),
      choice('gene_Xpert_result', 'Gene Xpert Result is required!', 'Gene Xpert Result', GENE_XPERT_RESULTS),
    ],
  },
  truenat: {
    kind: 'truenat',
    test: 'Truenat',
    done: 'truenat_done_or_not_done',
    fields: [
      date('truenat_examination_date', 'Truenat Examination Date is required!', 'Truenat Examination Date'),
      choice('truenat_result', 'Truenat Result is required!', 'Truenat Result', TRUENAT_RESULTS),
    ],
  },
  FNAC: {
    kind: 'FNAC',
    test: 'FNAC',
    done: 'FNAC_done_or_not_done',
    fields: [
      date('FNAC_examination_date', 'FNAC Examination Date is required!', 'FNAC Examination Date'),
      choice('FNAC_result', 'FNAC Result is required!', 'FNAC Result', FNAC_RESULTS),
      choice('AFB_seen_not', 'AFB Seen/not is required!', 'AFB Seen/not', AFB_SEEN_NOT),
    ],
  },
  'tuberculin-skin': {
    kind: 'tuberculin-skin',
    test: 'Tuberculin Skin',
    done: 'tuberculin_skin_done_or_not_done',
    fields: [
      date('TST_examination_date', 'TST Examination Date is required!', 'TST Examination Date'),
      {
        name: 'size_of_induration_in_millimeter',
        label: 'Size of induration in millimeter',
        message: 'Size of induration in millimeter is required!',
        type: 'number',
      },
      choice('conclusion_of_TST', 'Conclusion of TST is required!', 'Conclusion of TST', TST_CONCLUSIONS),
    ],
  },
  'sputum-culture': {
    kind: 'sputum-culture',
    test: 'Sputum Culture',
    done: 'sputum_culture_done_or_not_done',
    fields: [
      date(
        'sputum_culture_examination_date',
        'Sputum Culture Examination Date is required!',
        'Sputum Culture Examination Date',
      ),
      choice(
        'sputum_culture_result',
        'Sputum Culture Result is required!',
        'Sputum Culture Result',
        SPUTUM_CULTURE_RESULTS,
      ),
    ],
  },
  'drug-susceptibility': {
    kind: 'drug-susceptibility',
    test: 'Drug Susceptibility',
    done: 'drug_susceptibility_done_or_not_done',
    fields: [
      date('drug_susceptibility_date', 'Drug Susceptibility Date is required!', 'Drug Susceptibility Date'),
      choice(
        'drug_susceptibility_result',
        'Drug Susceptibility Result is required!',
        'Drug Susceptibility Result',
        DRUG_SUSCEPTIBILITY_RESULTS,
      ),
    ],
  },
  'other-investigation': {
    kind: 'other-investigation',
    test: 'Other Investigation',
    done: 'other_investigation_done_or_not_done',
    fields: [
      date('other_investigation_date', 'Other Investigation Date is required!', 'Other Investigation Date'),
      {
        name: 'investigation_name',
        label: 'Investigation Name',
        message: 'Investigation Name is required!',
        type: 'text',
      },
      {
        name: 'investigation_result',
        label: 'Investigation Result',
        message: 'Investigation Result is required!',
        type: 'text',
      },
    ],
  },
};

/** Every column an investigation writes (the Done fields and their results). */
export const INVESTIGATION_COLUMNS = Object.values(INVESTIGATIONS).flatMap((i) => [
  i.done,
  ...i.fields.map((f) => f.name),
]);

function fieldSchema(field: InvestigationField): yup.AnySchema {
  switch (field.type) {
    case 'date':
      return optionalDay(field.label);
    case 'choice':
      return yup
        .string()
        .transform((v: unknown) => (v === '' || v === null ? undefined : v))
        .oneOf([...field.choices!, undefined], field.message)
        .optional();
    case 'number':
      return yup
        .number()
        .transform((v: unknown, raw: unknown) => (raw === '' || raw === null ? undefined : v))
        .typeError(field.message)
        .min(0, field.message)
        .max(MAX_INT, field.message)
        .optional();
    case 'text':
      return optionalText(1000);
  }
}

/**
 * SPEC.md §4 Investigations: Done makes every result field required; Not Done sends (and stores)
 * them as null, whatever the client sent.
 */
export function investigationSchema(kind: InvestigationKind) {
  const { test, done, fields } = INVESTIGATIONS[kind];
  const shape: Record<string, yup.AnySchema> = {
    [done]: text()
      .required(`${test} Done or Not Done is required!`)
      .oneOf([...DONE_NOT_DONE], `${test} Done or Not Done is required!`),
  };
  for (const field of fields) {
    shape[field.name] = fieldSchema(field).when(done, {
      is: 'Done',
      then: (s: yup.AnySchema) => s.required(field.message),
      otherwise: (s: yup.AnySchema) =>
        s
          .transform(() => null)
          .nullable()
          .optional(),
    });
  }
  return yup.object(shape);
}
export type InvestigationInput = Record<string, string | number | null>;
