import { todayIn } from '../domain/dates';
import { communitySchema, trainingSchema, validate, volunteerSchema } from './index';

const errorsOf = async (schema: Parameters<typeof validate>[0], body: unknown) => {
  const result = await validate(schema, body);
  return result.ok ? {} : result.errors;
};
const volunteer = {
  name: 'Daw Hla',
  gender: 'Female',
  age: 34,
  address: 'Ward 3',
  phone1: '09 420 111 222',
  both_mdr_and_picts: 1,
  education_status: 'Secondary',
  occupation: 'CHW',
  township_id: 4,
};

describe('volunteer schema (SPEC.md §5 Volunteers)', () => {
  it('asks for every required field in the spec wording', async () => {
    expect(await errorsOf(volunteerSchema, {})).toEqual({
      name: ['Name is required!'],
      gender: ['Gender is required!'],
      age: ['Age is required!'],
      address: ['Address is required!'],
      phone1: ['Phone is required!'],
      both_mdr_and_picts: ['Both MDR and PICTS is required!'],
      education_status: ['Education status is required!'],
      occupation: ['Occupation is required!'],
      township_id: ['Township is required!'],
    });
  });
  it('keeps age between 0 and 120 and phones to digits', async () => {
    expect(await errorsOf(volunteerSchema, { ...volunteer, age: 121, phone1: 'call me' })).toEqual({
      age: ['Age must be between 0 and 120!'],
      phone1: ['Invalid Phone Number'],
    });
    expect(await errorsOf(volunteerSchema, { ...volunteer, age: 0 })).toEqual({});
  });
  it('takes a record sent back as it came: null and empty optional fields store nothing', async () => {
    const result = await validate(volunteerSchema, {
      ...volunteer,
      phone2: null,
      email: '',
      remark: null,
      past_history_of_TB: '',
      previous_volunteer_experience: null,
      volunteer_id_gf: '',
    });
    expect(result).toEqual({ ok: true, value: volunteer });
  });
});

describe('training schema', () => {
  it('asks for volunteer, date and type, and refuses a date after today', async () => {
    expect(await errorsOf(trainingSchema, {})).toEqual({
      volunteer_id: ['Volunteer is required!'],
      date: ['Date is required!'],
      type: ['Type is required!'],
    });
    expect(await errorsOf(trainingSchema, { volunteer_id: 1, date: '2999-01-01', type: 'New' })).toEqual({
      date: ['Date may not be after today!'],
    });
    expect(await errorsOf(trainingSchema, { volunteer_id: 1, date: '2025-02-30', type: 'New' })).toEqual({
      date: ['Date must be a date (yyyy-mm-dd)!'],
    });
    expect(await errorsOf(trainingSchema, { volunteer_id: 1, date: todayIn(), type: 'Refresher' })).toEqual({});
  });
});

describe('community schema (SPEC.md §5 Community)', () => {
  const base = { volunteer_id: 3, date: '2026-01-05' };
  it('asks for volunteer, date and referral', async () => {
    expect(await errorsOf(communitySchema, {})).toEqual({
      volunteer_id: ['Volunteer is required!'],
      date: ['Date is required!'],
      referral: ['Referral is required!'],
    });
  });
  it('wants referral rows when referral is Yes, and drops them when No', async () => {
    expect(await errorsOf(communitySchema, { ...base, referral: 1, referrals: [] })).toEqual({
      referrals: ['Please insert referral count!'],
    });
    const no = await validate(communitySchema, {
      ...base,
      referral: 0,
      referrals: [{ place: 'Other', male: 1, female: 1, total: 2 }],
    });
    expect(no.ok && no.value.referrals).toEqual([]);
  });
  it('checks each row: male, female, total = male + female, a place used once', async () => {
    expect(await errorsOf(communitySchema, { ...base, referral: 1, referrals: [{}] })).toEqual({
      'referrals[0].male': ['Please enter male!'],
      'referrals[0].female': ['Please enter female!'],
      'referrals[0].total': ['Please enter total!'],
      'referrals[0].place': ['Please select referral place!'],
    });
    expect(
      await errorsOf(communitySchema, {
        ...base,
        referral: 1,
        referrals: [{ place: 'Other', male: 1, female: 2, total: 4 }],
      }),
    ).toEqual({
      'referrals[0].total': ['Total must be male plus female!'],
    });
    const twice = [
      { place: 'Other', male: 1, female: 0, total: 1 },
      { place: 'Other', male: 0, female: 1, total: 1 },
    ];
    expect(await errorsOf(communitySchema, { ...base, referral: 1, referrals: twice })).toEqual({
      referrals: ['A referral place may be used once!'],
    });
  });
});
