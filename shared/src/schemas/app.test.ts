import {
  appLoginSchema,
  appVisitSchema,
  contactTracingSchema,
  healthEducationSchema,
  supervisionVisitSchema,
  validate,
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
const UUID = '0b4a3c2e-1d5f-4a6b-8c7d-9e0f1a2b3c4d';
const today = todayIn();

describe('app sign-in', () => {
  it('needs a kind, a code and a password', async () => {
    expect(await errorsOf(appLoginSchema, {})).toEqual({
      kind: 'Type is required!',
      code: 'Code is required!',
      password: 'Password is required!',
    });
    expect(await errorsOf(appLoginSchema, { kind: 'nurse', code: 'HTY-V1', password: 'x' })).toEqual({
      kind: 'Type is required!',
    });
  });
});

describe('app visit record', () => {
  it('takes an own visit with medicines, actions as a list or a comma text, and lowers the uuid', async () => {
    const value = await valueOf(appVisitSchema, {
      uuid: UUID.toUpperCase(),
      patient_id: 3,
      date: today,
      work: 1,
      work_status: true,
      DOT_records: [{ medicine_name: 'Linezolid', quantity: 1 }],
      actions: '1, 3',
    });
    expect(value).toMatchObject({
      uuid: UUID,
      work: 1,
      work_status: true,
      actions: [1, 3],
      DOT_records: [{ medicine_name: 'Linezolid', quantity: 1 }],
    });
  });

  it('requires the work status of an observed dose, and drops the observation of works 3 and 4', async () => {
    expect(await errorsOf(appVisitSchema, { uuid: UUID, patient_id: 3, date: today, work: 2 })).toEqual({
      work_status: 'Work Status is required!',
    });
    const sent = await valueOf(appVisitSchema, {
      uuid: UUID,
      patient_id: 3,
      date: today,
      work: 3,
      work_status: true,
      actions: [1],
      DOT_records: [{ medicine_name: 'x', quantity: 1 }],
    });
    expect(sent).toMatchObject({ work_status: null, actions: null, DOT_records: null });
  });

  it('refuses unknown works, bad actions, bad medicines and a future date', async () => {
    expect(
      await errorsOf(appVisitSchema, { uuid: 'x', patient_id: 3, date: '2999-01-01', work: 5, work_status: true }),
    ).toEqual({ uuid: 'uuid must be a UUID!', date: 'Date may not be after today!', work: 'Work is required!' });
    expect(
      await errorsOf(appVisitSchema, {
        uuid: UUID,
        patient_id: 3,
        date: today,
        work: 1,
        work_status: true,
        actions: '1,7',
      }),
    ).toEqual({ 'actions[1]': 'Actions must be codes 1 to 4!' });
    expect(
      await errorsOf(appVisitSchema, {
        uuid: UUID,
        patient_id: 3,
        date: today,
        work: 1,
        work_status: true,
        DOT_records: [{ medicine_name: '', quantity: 0 }],
      }),
    ).toEqual({
      'DOT_records[0].medicine_name': 'Medicine is required!',
      'DOT_records[0].quantity': 'Quantity must be more than 0!',
    });
  });
});

describe('activity records', () => {
  it('health education: people reached and referred', async () => {
    expect(
      await errorsOf(healthEducationSchema, {
        uuid: UUID,
        date: today,
        place: 'Ward 5',
        topic: 'TB',
        male: 2,
        female: 1,
        referred: 4,
      }),
    ).toEqual({
      referred: 'Referred may not be more than the people reached!',
    });
  });
  it('contact tracing: each count within the one before', async () => {
    const base = {
      uuid: UUID,
      date: today,
      patient_id: 1,
      contacts_total: 5,
      contacts_screened: 4,
      presumptive_found: 1,
      referred: 1,
      tpt_started: 2,
    };
    expect(await errorsOf(contactTracingSchema, base)).toEqual({});
    expect(await errorsOf(contactTracingSchema, { ...base, presumptive_found: 5, tpt_started: 6 })).toEqual({
      presumptive_found: 'Presumptive TB Found may not be more than the contacts screened!',
      tpt_started: 'TPT Started may not be more than the contacts!',
    });
  });
  it('supervision visit: the supervisor and whether the records checked out', async () => {
    expect(await errorsOf(supervisionVisitSchema, { uuid: UUID, date: today, patients_visited: 1 })).toEqual({
      supervisor_name: 'Supervisor Name is required!',
      records_checked: 'Records Checked is required!',
    });
  });
});
