import {
  investigationSchema,
  noSpsPatientCreateSchema,
  noSpsPatientSchema,
  patientFilterSchema,
  patientSchema,
  patientCreateSchema,
  tbConclusionSchema,
  validate,
  votAcceptSchema,
  votEligibleSchema,
} from './index';
import { REGISTRATION_DETAILS } from '../testing/records';
import { myanmarPhone } from '../domain';

const errorsOf = async (schema: Parameters<typeof validate>[0], body: Record<string, unknown>) => {
  const result = await validate(schema, body);
  return result.ok ? {} : result.errors;
};
const first = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));

const patient = {
  year: 2026,
  township_id: 3,
  SP_code: 'SP-1',
  name: 'Daw Hla',
  age: 40,
  sex: 'Female',
  ...REGISTRATION_DETAILS,
};

describe('patient registration (SPEC.md §5)', () => {
  it('asks every required field with its message', async () => {
    expect(first(await errorsOf(patientCreateSchema, {}))).toMatchObject({
      year: 'Year is required!',
      township_id: 'Township is required!',
      SP_code: 'SP Code is required!',
      name: 'Name is required!',
      age: 'Age is required!',
      sex: 'Sex is required!',
      treatment_regimen: 'Treatment Regimen is required!',
      patient_address: 'Patient Address is required!',
      patient_phone_no: 'Patient Phone No is required!',
      contact_info: 'Contact Info is required!',
      contact_phone_no: 'Contact Phone No is required!',
      primary_language: 'Primary Language is required!',
      height: 'Height(cm) is required!',
      weight: 'Initial Body Weight(kg) is required!',
      BMI: 'BMI is required!',
    });
  });
  it("takes the patient's phone as Myanmar numbers are written, the contact phone as 3 to 11 digits", async () => {
    const typed = [
      '09420000101',
      '09 420 000 101',
      '09-420-000-101',
      '+95 9 420 000 101',
      '+959420000101',
      '0095 9 420 000 101',
    ];
    for (const phone of typed) {
      expect([phone, await errorsOf(patientCreateSchema, { ...patient, patient_phone_no: phone })]).toEqual([
        phone,
        {},
      ]);
      expect(myanmarPhone(phone)).toBe('09420000101');
    }
    expect(myanmarPhone('+95 09 420 000 101')).toBe('09420000101');
    expect(myanmarPhone('01 234 567')).toBe('01234567');
    for (const phone of ['12345', '9420000101', '+1 202 555 0100', '09420000101234', '09-42O-000', '+95'])
      expect([phone, first(await errorsOf(patientCreateSchema, { ...patient, patient_phone_no: phone }))]).toEqual([
        phone,
        { patient_phone_no: 'Invalid Phone Number' },
      ]);
    // SPEC.md §5 keeps the contact phone's own rule.
    expect(first(await errorsOf(patientCreateSchema, { ...patient, contact_phone_no: '+95 9 420' }))).toEqual({
      contact_phone_no: 'Invalid Phone Number',
    });
  });

  it('keeps the other regimen only for 9. Other, checks phones, limits and household contacts', async () => {
    expect(first(await errorsOf(patientCreateSchema, { ...patient, treatment_regimen: '9. Other' }))).toEqual({
      treatment_regimen_other: 'Other is required!',
    });
    const ok = await validate(patientCreateSchema, { ...patient, treatment_regimen_other: 'left over' });
    expect(ok.ok && ok.value.treatment_regimen_other).toBeNull();
    expect(
      first(
        await errorsOf(patientCreateSchema, { ...patient, contact_phone_no: '12', patient_phone_no: '123456789012' }),
      ),
    ).toEqual({
      contact_phone_no: 'Invalid Phone Number',
      patient_phone_no: 'Invalid Phone Number',
    });
    expect(first(await errorsOf(patientCreateSchema, { ...patient, age: 121, height: 252, weight: 636 }))).toEqual({
      age: 'Age must be between 0 and 120!',
      height: 'Height(cm) must be between 0 and 251!',
      weight: 'Initial Body Weight(kg) must be between 0 and 635!',
    });
    expect(
      first(await errorsOf(patientCreateSchema, { ...patient, household_contacts: [{ name: 'Ko Ko', age: '' }] })),
    ).toEqual({
      'household_contacts[0].age': 'Please enter name and age of household contact!',
    });
    expect(first(await errorsOf(patientCreateSchema, { ...patient, DOB: '2999-01-01' }))).toEqual({
      DOB: 'DOB may not be after today!',
    });
    expect(first(await errorsOf(patientCreateSchema, { ...patient, RR_code: 'L1', DRTB_code: 'D1' }))).toEqual({
      DRTB_code: 'Enter either a Lab Code or a DRTB Code, not both!',
    });
  });
  it('the no-SPS form needs no SP code', async () => {
    expect(await errorsOf(noSpsPatientCreateSchema, { ...patient, SP_code: '', presumptive_TB_number: 12 })).toEqual(
      {},
    );
  });
});

describe('TB conclusion (SPEC.md §4)', () => {
  it('No TB clears the treatment status; a treated status requires its fields', async () => {
    const noTb = await validate(tbConclusionSchema, {
      TB_status: 'No TB',
      treatment_status: 'Received TB Treatment',
      TB_DRTB_code: 'X',
    });
    expect(noTb.ok && [noTb.value.treatment_status, noTb.value.TB_DRTB_code]).toEqual([null, null]);
    expect(first(await errorsOf(tbConclusionSchema, { TB_status: 'TB' }))).toEqual({
      treatment_status: 'Treatment Status is required!',
    });
    expect(
      first(
        await errorsOf(tbConclusionSchema, {
          TB_status: 'DRTB',
          treatment_status: 'Received TB Treatment',
          HIV_test: 'Done',
          CPT_status: 'Yes',
          ART_status: 'Yes',
          treatment_outcome: 'Cured',
        }),
      ),
    ).toEqual({
      TB_DRTB_code: 'TB Registration Code is required!',
      treatment_start_date: 'Treatment Start Date is required!',
      treatment_regimen: 'Treatment Regimen is required!',
      defined_TB_type: 'Defined TB Type is required!',
      HIV_test_date: 'HIV Test Date is required!',
      CPT_date: 'CPT Date is required!',
      ART_date: 'ART Date is required!',
      treatment_outcome_date: 'Select Treatment Outcome Date',
    });
  });
  it('drops what the rule clears: HIV date without a test, the other site of a pulmonary type', async () => {
    const r = await validate(tbConclusionSchema, {
      TB_status: 'TB',
      treatment_status: 'Received TB Treatment',
      TB_DRTB_code: 'T-1',
      treatment_start_date: '2026-01-02',
      treatment_regimen: '4. BPal',
      treatment_regimen_other: 'left over',
      defined_TB_type: 'Pulmonary BC',
      defined_TB_type_other: 'lymph node',
      HIV_test: 'Not Done',
      HIV_test_date: '2026-01-01',
    });
    expect(
      r.ok && [
        r.value.defined_TB_type_other,
        r.value.HIV_test_date,
        r.value.treatment_regimen,
        r.value.treatment_regimen_other,
      ],
    ).toEqual([null, null, '4. BPal', null]);
  });
  it('carries the regimen with a treated status (Other needs its text) and sends it null otherwise', async () => {
    const treated = {
      TB_status: 'TB',
      treatment_status: 'Received TB Treatment',
      TB_DRTB_code: 'T-1',
      treatment_start_date: '2026-01-02',
      defined_TB_type: 'Pulmonary BC',
    };
    expect(await errorsOf(tbConclusionSchema, { ...treated, treatment_regimen: '9. Other' })).toEqual({
      treatment_regimen_other: ['Other is required!'],
    });
    expect(await errorsOf(tbConclusionSchema, { ...treated, treatment_regimen: '10. Other' })).toHaveProperty(
      'treatment_regimen',
    );
    const notTreated = await validate(tbConclusionSchema, {
      TB_status: 'TB',
      treatment_status: 'Not yet started treatment',
      treatment_regimen: '1. LTR',
      treatment_regimen_other: 'x',
    });
    expect(notTreated.ok && [notTreated.value.treatment_regimen, notTreated.value.treatment_regimen_other]).toEqual([
      null,
      null,
    ]);
  });
});

describe('VOT eligibility and acceptance (SPEC.md §4)', () => {
  it('asks a reason for No and drops it for Yes', async () => {
    expect(first(await errorsOf(votEligibleSchema, {}))).toEqual({ VOT_eligible: 'VOT Eligible is required!' });
    expect(first(await errorsOf(votEligibleSchema, { VOT_eligible: 'No' }))).toEqual({
      VOT_not_eligible_reason: 'Reason For Not Eligible is required!',
    });
    expect(
      first(await errorsOf(votAcceptSchema, { VOT_accept: 'No', VOT_not_accept_reason: 'Others (Specify)' })),
    ).toEqual({ VOT_not_accept_reason_other: 'Others (Specify) is required!' });
    const yes = await validate(votAcceptSchema, {
      VOT_accept: 'Yes',
      VOT_not_accept_reason: 'Privacy concern',
      VOT_not_accept_reason_other: 'x',
    });
    expect(yes.ok && yes.value).toEqual({
      VOT_accept: 'Yes',
      VOT_not_accept_reason: null,
      VOT_not_accept_reason_other: null,
    });
  });
});

describe('investigations (SPEC.md §4, §5)', () => {
  it('Done requires date and result; Not Done stores them as null', async () => {
    expect(first(await errorsOf(investigationSchema('gene-Xpert'), {}))).toEqual({
      gene_Xpert_done_or_not_done: 'Gene Xpert Done or Not Done is required!',
    });
    expect(first(await errorsOf(investigationSchema('gene-Xpert'), { gene_Xpert_done_or_not_done: 'Done' }))).toEqual({
      gene_Xpert_examination_date: 'GXP Examination Date is required!',
      gene_Xpert_result: 'Gene Xpert Result is required!',
    });
    const notDone = await validate(investigationSchema('sputum'), {
      sputum_done_or_not_done: 'Not Done',
      sputum_examination_date: '2026-01-01',
      sputum_smear_result: '+',
    });
    expect(notDone.ok && notDone.value).toEqual({
      sputum_done_or_not_done: 'Not Done',
      sputum_examination_date: null,
      sputum_smear_result: null,
    });
  });
});

describe('no-SPS patient information and the list filters', () => {
  it("keeps SP Code optional in a no-SPS patient's information form only", async () => {
    expect(first(await errorsOf(patientSchema, { ...patient, SP_code: '' }))).toEqual({
      SP_code: 'SP Code is required!',
    });
    expect(await errorsOf(noSpsPatientSchema, { ...patient, SP_code: '' })).toEqual({});
  });
  it('reads the searches, one or several townships and the list flags; refuses junk', async () => {
    const ok = await validate(patientFilterSchema, {
      name: ' Hla ',
      township_id: ['3', '4'],
      TB_patient: 'true',
      VOT_eligible: 'Yes',
      status: '0',
    });
    expect(ok.ok && ok.value).toMatchObject({
      name: 'Hla',
      township_id: [3, 4],
      TB_patient: 'true',
      VOT_eligible: 'Yes',
      status: '0',
    });
    const none = await validate(patientFilterSchema, { TB_patient: 'false', name: '' });
    expect(none.ok && [none.value.TB_patient, none.value.name, none.value.township_id]).toEqual([
      undefined,
      undefined,
      [],
    ]);
    expect(
      first(
        await errorsOf(patientFilterSchema, { TB_patient: 'yes', VOT_eligible: 'No', status: '2', township_id: 'x' }),
      ),
    ).toEqual({
      TB_patient: 'TB_patient must be true!',
      VOT_eligible: 'VOT_eligible must be Yes!',
      status: 'Status must be 0 or 1!',
      township_id: 'Township is not valid!',
    });
  });
});
