import type { APIRequestContext } from '@playwright/test';
import { dayFrom, expect } from './fixtures';

interface OnVot {
  SP_code: string;
  name: string;
  /** The day VOT started, days before today. */
  startedDaysAgo: number;
  patient_phone_no?: string;
}

/**
 * A journey's patient, made through the API as the Field Officer (`headers`) would: registered in
 * their first township (on treatment 30 days), VOT eligible, accepted and on pure VOT without a
 * volunteer from `startedDaysAgo`. Answers the patient's id.
 */
export async function patientOnVot(
  request: APIRequestContext,
  api: string,
  headers: Record<string, string>,
  patient: OnVot,
): Promise<number> {
  const me = (await (await request.get(`${api}/user`, { headers })).json()) as { townships: { id: number }[] };
  const { startedDaysAgo, ...named } = patient;
  const created = await request.post(`${api}/patients`, {
    headers,
    data: {
      year: 2026,
      township_id: me.townships[0]!.id,
      age: 35,
      sex: 'Female',
      treatment_start_date: dayFrom(-30),
      treatment_regimen: '1. LTR',
      patient_address: 'Ward 5',
      patient_phone_no: '09420000301',
      contact_info: 'Husband',
      contact_phone_no: '09420000402',
      primary_language: 'Burmese',
      height: 155,
      weight: 48,
      BMI: 20,
      ...named,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;
  const put = (path: string, data: object) => request.post(`${api}/${path}/${id}?_method=PUT`, { headers, data });
  const start = dayFrom(-startedDaysAgo);
  expect((await put('VOT-eligible', { VOT_eligible: 'Yes' })).status()).toBe(200);
  expect((await put('move-to-DOT', { VOT_accept: 'Yes', DOT_start_date: start })).status()).toBe(200);
  const entry = await request.post(`${api}/change-volunteers`, {
    headers,
    data: { patient_id: id, change_date: start, pure_or_hybrid: 'Pure', with_volunteer: 'No' },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  return id;
}
