import {
  changeVolunteerSchema,
  dashboardVisitSchema,
  dashboardVisitUpdateSchema,
  fuSputumSchema,
  infectionChecklistSchema,
  moveToVotSchema,
  patientMedicineSchema,
  validate,
  vdotConclusionSchema,
  votEndSchema,
} from './index';
import { todayIn } from '../domain/dates';

const errorsOf = async (schema: Parameters<typeof validate>[0], body: Record<string, unknown>) => {
  const result = await validate(schema, body);
  return result.ok ? {} : Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v[0]]));
};
const valueOf = async (schema: Parameters<typeof validate>[0], body: Record<string, unknown>) => {
  const result = await validate(schema, body);
  if (!result.ok) throw new Error(result.message);
  return result.value as Record<string, unknown>;
};
const tomorrow = (() => {
  const d = new Date(`${todayIn()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

describe('Move To VOT (SPEC.md §4, §5 VOT)', () => {
  it('asks the VOT patient choice and, for Yes, the start date', async () => {
    expect(await errorsOf(moveToVotSchema(), {})).toEqual({ VOT_accept: 'VOT Patient is required!' });
    expect(await errorsOf(moveToVotSchema(), { VOT_accept: 'Yes' })).toEqual({
      DOT_start_date: 'Select VOT Start Date',
    });
  });
  it('keeps the start date between the treatment start and today', async () => {
    expect(await errorsOf(moveToVotSchema('2026-01-10'), { VOT_accept: 'Yes', DOT_start_date: '2026-01-09' })).toEqual({
      DOT_start_date: 'VOT Start Date may not be before the Treatment Start Date!',
    });
    expect(await errorsOf(moveToVotSchema(), { VOT_accept: 'Yes', DOT_start_date: tomorrow })).toEqual({
      DOT_start_date: 'VOT Start Date may not be after today!',
    });
  });
  it('No clears the start date', async () => {
    expect(await valueOf(moveToVotSchema(), { VOT_accept: 'No', DOT_start_date: '2026-01-09' })).toMatchObject({
      VOT_accept: 'No',
      DOT_start_date: null,
    });
  });
});

describe('pure or hybrid and volunteer change (SPEC.md §4, §5 VOT)', () => {
  it('asks every field with the spec message', async () => {
    expect(await errorsOf(changeVolunteerSchema, { patient_id: 1 })).toEqual({
      change_date: 'Date is required',
      pure_or_hybrid: 'VOT pure and hybrid required!',
      with_volunteer: 'VOT with Volunteer (Yes/No) is required!',
    });
    expect(
      await errorsOf(changeVolunteerSchema, {
        patient_id: 1,
        change_date: '2026-01-01',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
      }),
    ).toEqual({
      volunteer_id: 'Volunteer is required!',
      type: 'App or No App is required!',
    });
  });
  it('Hybrid forces with volunteer Yes', async () => {
    expect(
      await errorsOf(changeVolunteerSchema, {
        patient_id: 1,
        change_date: '2026-01-01',
        pure_or_hybrid: 'Hybrid',
        with_volunteer: 'No',
      }),
    ).toEqual({
      volunteer_id: 'Volunteer is required!',
      type: 'App or No App is required!',
    });
    expect(
      await valueOf(changeVolunteerSchema, {
        patient_id: 1,
        change_date: '2026-01-01',
        pure_or_hybrid: 'Hybrid',
        with_volunteer: 'No',
        volunteer_id: 4,
        type: 'App',
      }),
    ).toMatchObject({
      with_volunteer: 'Yes',
      volunteer_id: 4,
    });
  });
  it('without a volunteer sends volunteer and type as null', async () => {
    expect(
      await valueOf(changeVolunteerSchema, {
        patient_id: 1,
        change_date: '2026-01-01',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'No',
        volunteer_id: 4,
        type: 'App',
      }),
    ).toMatchObject({
      volunteer_id: null,
      type: null,
    });
  });
});

describe('VOT visits, end and conclusion (SPEC.md §5 VOT)', () => {
  it('Create VOT asks Date and Remark; Update asks Remark', async () => {
    expect(await errorsOf(dashboardVisitSchema, { patient_id: 1 })).toEqual({
      date: 'Date is required!',
      dose_taken: 'Dose taken is required!',
      remark: 'Remark is required!',
    });
    expect(await errorsOf(dashboardVisitSchema, { patient_id: 1, dose_taken: 'Maybe' })).toMatchObject({
      dose_taken: 'Dose taken is required!',
    });
    expect(await errorsOf(dashboardVisitUpdateSchema, {})).toEqual({
      dose_taken: 'Dose taken is required!',
      remark: 'Remark is required!',
    });
  });
  it('VOT End Date and the conclusion date are not after today', async () => {
    expect(await errorsOf(votEndSchema, { DOT_end_date: tomorrow })).toEqual({
      DOT_end_date: 'VOT End Date may not be after today!',
    });
    expect(await errorsOf(vdotConclusionSchema, {})).toEqual({
      VDOT_end_date: 'Date is required!',
      VDOT_end_type: 'VOT Outcomes is required!',
    });
  });
  it("asks why VOT stopped with 'Unable to continue VOT' only, and sends it null otherwise (the VOT report's group 7)", async () => {
    const stopped = { VDOT_end_date: '2026-05-15', VDOT_end_type: 'Unable to continue VOT' };
    expect(await errorsOf(vdotConclusionSchema, stopped)).toEqual({
      VDOT_stop_reason: 'Reason for stopping VOT is required!',
    });
    expect(await valueOf(vdotConclusionSchema, { ...stopped, VDOT_stop_reason: 'Technical issues' })).toMatchObject({
      VDOT_stop_reason: 'Technical issues',
    });
    expect(
      await valueOf(vdotConclusionSchema, { ...stopped, VDOT_end_type: 'Cured', VDOT_stop_reason: 'Technical issues' }),
    ).toMatchObject({ VDOT_stop_reason: null });
  });
});

describe('follow-up sputum and medicines (SPEC.md §4, §5)', () => {
  it('Medicine is required!', async () => {
    expect(await errorsOf(patientMedicineSchema, { patient_id: 1 })).toEqual({
      medicine_name: 'Medicine is required!',
    });
  });
  it('asks month and smear; Done asks the smear date and result', async () => {
    expect(await errorsOf(fuSputumSchema, { patient_id: 1 })).toEqual({
      month: 'Month is required!',
      smear: 'Smear is required!',
    });
    expect(await errorsOf(fuSputumSchema, { patient_id: 1, month: '2', smear: 'Done' })).toEqual({
      smear_date: 'Smear Date is required!',
      smear_result: 'Smear Result is required!',
    });
  });
  it('Not Done sends the smear date and result as null', async () => {
    expect(
      await valueOf(fuSputumSchema, {
        patient_id: 1,
        month: 'End of Month',
        smear: 'Not Done',
        smear_date: '2026-01-01',
        smear_result: '+',
      }),
    ).toMatchObject({
      smear_date: null,
      smear_result: null,
    });
  });
  it('an infection checklist answers all 19 questions', async () => {
    expect(
      await errorsOf(infectionChecklistSchema, { patient_id: 1, date: '2026-01-01', answers: [{ answer: 'Yes' }] }),
    ).toEqual({ answers: 'Answer all 19 questions!' });
  });
});
