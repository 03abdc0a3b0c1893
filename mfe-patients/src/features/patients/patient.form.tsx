import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';
import { REGIMEN_OTHER, ageFromDob, bmi, bmiLabel, isTownshipBound, todayIn } from '@vot/shared/domain';
import { RowsEditor, choiceSelects, townshipChoices } from '@vot/shared/lists';
import {
  HOUSEHOLD_CONTACT_WARNING,
  PATIENT_CHOICES,
  householdContactSchema,
  type HouseholdContact,
  type Patient,
  type PatientInput,
} from '@vot/shared/schemas';
import type { SessionUser } from '@vot/shared/session';
import type { FieldDef } from '@vot/shared/ui';
import { patientsApi } from './patient.api';

const select = choiceSelects(PATIENT_CHOICES);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields of SPEC.md §2 "Patient creation", in the form's order; `presumptive` adds the no-SPS form's number. */
export function patientFields({ presumptive = false, withCode = false } = {}): FieldDef[] {
  return [
    ...(withCode
      ? [
          { name: 'code', label: 'Code', readOnly: true },
          {
            name: 'plain_password',
            label: 'Password',
            readOnly: true,
            visible: (v: Record<string, unknown>) => Boolean(v.plain_password),
          },
        ]
      : []),
    select('year'),
    { name: 'dot_patient_id_gf', label: 'DOT Patient Id (GF)', type: 'number' },
    { name: 'township_id', label: 'Township', type: 'select', loadOptions: townshipChoices },
    ...(presumptive ? [{ name: 'presumptive_TB_number', label: 'Presumptive TB Number', readOnly: true }] : []),
    { name: 'RR_code', label: 'Lab Code' },
    { name: 'DRTB_code', label: 'DRTB Code' },
    { name: 'SP_code', label: 'SP Code' },
    { name: 'name', label: 'Name' },
    { name: 'DOB', label: 'DOB', type: 'date', max: () => todayIn() },
    { name: 'age', label: 'Age', type: 'number' },
    select('sex'),
    { name: 'treatment_start_date', label: 'Treatment Start Date', type: 'date', max: () => todayIn() },
    select('treatment_regimen'),
    { name: 'treatment_regimen_other', label: 'Other', visible: (v) => v.treatment_regimen === REGIMEN_OTHER },
    { name: 'patient_address', label: 'Patient Address', type: 'textarea' },
    {
      name: 'patient_phone_no',
      label: 'Patient Phone No',
      hint: 'A Myanmar number: 09… or +95 9…; spaces and dashes are fine',
    },
    { name: 'contact_info', label: 'Contact Info' },
    { name: 'contact_phone_no', label: 'Contact Phone No' },
    { name: 'primary_language', label: 'Primary Language' },
    { name: 'secondary_language', label: 'Secondary Language' },
    { name: 'height', label: 'Height(cm)', type: 'number' },
    { name: 'weight', label: 'Initial Body Weight(kg)', type: 'number' },
    // Worked out from the two fields before them: shown as values, their messages are Height's and Weight's.
    { name: 'BMI', label: 'BMI', type: 'computed', hint: 'From Height(cm) and Initial Body Weight(kg)' },
    // Not sent (the schema strips it): the category of the BMI beside it.
    { name: 'BMI_label', label: 'BMI Category', type: 'computed' },
  ] as FieldDef[];
}

export type PatientFormValues = PatientInput & {
  BMI_label?: string;
  presumptive_TB_number?: number | string | null;
  code?: string;
  plain_password?: string | null;
};

/** A new patient: nothing chosen; a Field Officer with one township has it chosen already. */
export function emptyPatient(user: SessionUser | null): PatientFormValues {
  const only = user && isTownshipBound(user.role) && user.townships.length === 1 ? user.townships[0]!.id : null;
  return {
    year: null,
    dot_patient_id_gf: '',
    township_id: only,
    presumptive_TB_number: '',
    RR_code: '',
    DRTB_code: '',
    SP_code: '',
    name: '',
    DOB: '',
    age: '',
    sex: '',
    treatment_start_date: '',
    treatment_regimen: '',
    treatment_regimen_other: '',
    patient_address: '',
    patient_phone_no: '',
    contact_info: '',
    contact_phone_no: '',
    primary_language: '',
    secondary_language: '',
    height: '',
    weight: '',
    BMI: '',
    BMI_label: '',
    household_contacts: [],
  } as unknown as PatientFormValues;
}

/** A stored patient as form values (the information form of the detail). */
export function patientInput(p: Patient): PatientFormValues {
  return {
    code: p.code,
    plain_password: p.plain_password,
    year: p.year,
    dot_patient_id_gf: p.dot_patient_id_gf ?? '',
    township_id: p.township?.id ?? null,
    RR_code: p.RR_code ?? '',
    DRTB_code: p.DRTB_code ?? '',
    SP_code: p.SP_code ?? '',
    name: p.name,
    DOB: p.DOB ?? '',
    age: p.age,
    sex: p.sex,
    treatment_start_date: p.treatment_start_date ?? '',
    treatment_regimen: p.treatment_regimen,
    treatment_regimen_other: p.treatment_regimen_other ?? '',
    patient_address: p.patient_address,
    // As it was typed; stored normalised (SPEC.md's rule is the contact phone's: docs/decisions/0161-myanmar-phone-numbers.md).
    patient_phone_no: p.patient_phone_no_typed ?? p.patient_phone_no,
    contact_info: p.contact_info,
    contact_phone_no: p.contact_phone_no,
    primary_language: p.primary_language,
    secondary_language: p.secondary_language ?? '',
    height: p.height,
    weight: p.weight,
    BMI: p.BMI,
    BMI_label: bmiLabel(p.BMI),
    household_contacts: p.household_contacts ?? [],
  } as unknown as PatientFormValues;
}

/**
 * The rules of SPEC.md §5 that fill one field from another: DOB gives Age; height and weight give
 * BMI and its label; on the add forms a Lab Code clears the DRTB Code and the other way round; and
 * the no-SPS form asks the chosen township's next presumptive TB number.
 */
export function RegistrationRules({
  clearingCodes = false,
  presumptive = false,
}: {
  clearingCodes?: boolean;
  presumptive?: boolean;
}) {
  const { values, setFieldValue } = useFormikContext<PatientFormValues>();
  const v = values as unknown as Record<string, unknown>;
  const previous = useRef(v);

  useEffect(() => {
    const before = previous.current;
    previous.current = v;
    if (v.DOB !== before.DOB && typeof v.DOB === 'string' && ISO_DAY.test(v.DOB) && v.DOB <= todayIn())
      void setFieldValue('age', ageFromDob(v.DOB));
    if (v.height !== before.height || v.weight !== before.weight) {
      const value = v.height === '' || v.weight === '' ? null : bmi(Number(v.height), Number(v.weight));
      void setFieldValue('BMI', value === null || value <= 0 ? '' : value, false);
      void setFieldValue('BMI_label', bmiLabel(value), false);
    }
    if (clearingCodes && v.RR_code !== before.RR_code && v.RR_code && v.DRTB_code) void setFieldValue('DRTB_code', '');
    if (clearingCodes && v.DRTB_code !== before.DRTB_code && v.DRTB_code && v.RR_code)
      void setFieldValue('RR_code', '');
  }, [v, setFieldValue, clearingCodes]);

  const township = v.township_id;
  useEffect(() => {
    if (!presumptive) return;
    if (!township) {
      void setFieldValue('presumptive_TB_number', '', false);
      return;
    }
    let live = true;
    patientsApi.latestPresumptiveNumber(Number(township)).then(
      (res) => live && void setFieldValue('presumptive_TB_number', res.data.next, false),
      () => live && void setFieldValue('presumptive_TB_number', '', false),
    );
    return () => {
      live = false;
    };
  }, [presumptive, township, setFieldValue]);
  return null;
}

/** A household contact may be added only with both a name and an age (SPEC.md §5). */
export function contactProblem(draft: Partial<HouseholdContact>): string | undefined {
  return householdContactSchema.isValidSync(draft) ? undefined : HOUSEHOLD_CONTACT_WARNING;
}

export function HouseholdContacts({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <RowsEditor<HouseholdContact>
      name="household_contacts"
      legend="Household Contacts"
      inputs={[
        { name: 'name', label: 'Household Contact Name' },
        { name: 'age', label: 'Household Contact Age', type: 'number' },
      ]}
      columns={[
        { field: 'no', header: 'No', body: (_row, index) => index + 1 },
        { field: 'name', header: 'Name' },
        { field: 'age', header: 'Age' },
      ]}
      check={contactProblem}
      readOnly={readOnly}
      emptyMessage="No household contacts yet."
    />
  );
}
