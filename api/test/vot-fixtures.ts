import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { Patient } from '@vot/shared/schemas';
import type { Database } from '../src/db/client';
import { changeVolunteers, dots, patients, volunteers } from '../src/db/schema';
import { assignTownships, createGeography, createTownship } from './fixtures';
import type { Client } from './helpers';
import { REGISTRATION_DETAILS } from '@vot/shared/testing/records';

/** yyyy-mm-dd `n` days before today in the programme's timezone (negative: after). */
export function daysAgo(n: number): string {
  const d = new Date(`${todayIn()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

export interface VotPlaces {
  hty: number;
  ins: number;
  /** Active volunteers of Hlaingthaya. */
  volunteer1: number;
  volunteer2: number;
  /** A Hlaingthaya volunteer in the trash, and an Insein one. */
  trashedVolunteer: number;
  inseinVolunteer: number;
}

/** Two townships (the Field Officer works in Hlaingthaya only) and their volunteers. */
export async function votPlaces(db: Database): Promise<VotPlaces> {
  const t = { handle: { db } };
  const geography = await createGeography(t, 'MDR-TB', { region: 'Yangon Region', district: 'Yangon North' });
  const hty = { id: await createTownship(t, geography, 'Hlaingthaya', 'HTY') };
  const ins = { id: await createTownship(t, geography, 'Insein', 'INS') };
  await assignTownships(t, 'Field Officer', [hty.id]);
  const volunteer = (name: string, township_id: number, status = 1) => ({
    name,
    gender: 'Female',
    age: 30,
    address: 'Ward 1',
    phone1: '0942000000',
    code: `code-${name}`,
    password_hash: 'x',
    both_mdr_and_picts: 1,
    education_status: 'Secondary',
    occupation: 'CHW',
    township_id,
    status,
  });
  const [v1, v2, trashed, insein] = await db
    .insert(volunteers)
    .values([
      volunteer('Daw Aye', hty!.id),
      volunteer('U Ba', hty!.id),
      volunteer('Daw Trash', hty!.id, 0),
      volunteer('Daw Insein', ins!.id),
    ])
    .returning();
  return {
    hty: hty!.id,
    ins: ins!.id,
    volunteer1: v1!.id,
    volunteer2: v2!.id,
    trashedVolunteer: trashed!.id,
    inseinVolunteer: insein!.id,
  };
}

let serial = 0;

/** A registered patient of the township, VOT eligible, treatment started `treatmentDaysAgo` days ago. */
export async function eligiblePatient(client: Client, townshipId: number, treatmentDaysAgo = 60): Promise<Patient> {
  serial += 1;
  const res = await client.post('patients', {
    year: 2026,
    township_id: townshipId,
    SP_code: `SP-VOT-${serial}`,
    name: `VOT Patient ${serial}`,
    age: 40,
    sex: 'Female',
    treatment_start_date: daysAgo(treatmentDaysAgo),
    ...REGISTRATION_DETAILS,
  });
  assert.equal(res.statusCode, 201, res.body);
  const id = (res.json().data as Patient).id;
  const eligible = await client.update(`VOT-eligible/${id}`, { VOT_eligible: 'Yes' });
  assert.equal(eligible.statusCode, 200, eligible.body);
  return eligible.json().data as Patient;
}

/**
 * A Hlaingthaya patient put on VOT from `start` (to `end`) straight in the database, as the ledger's
 * calendars need (any dates, no route rules), with one change-volunteer entry of `type` when given
 * (null: without a volunteer); `record` files a visit record under it.
 */
export async function votPatientInDb(
  db: Database,
  client: Client,
  places: VotPlaces,
  start: string | null,
  options: { end?: string; type?: 'App' | 'No App' | null; accept?: string } = {},
) {
  const p = await eligiblePatient(client, places.hty, 400);
  await db
    .update(patients)
    .set({ VOT_accept: options.accept ?? 'Yes', DOT_start_date: start, DOT_end_date: options.end ?? null })
    .where(eq(patients.id, p.id));
  let entry: number | null = null;
  if (start && options.type !== undefined) {
    const [row] = await db
      .insert(changeVolunteers)
      .values({
        patient_id: p.id,
        change_date: start,
        pure_or_hybrid: 'Pure',
        with_volunteer: options.type ? 'Yes' : 'No',
        volunteer_id: options.type ? places.volunteer1 : null,
        type: options.type,
      })
      .returning();
    entry = row!.id;
  }
  /** A record; `review`: a reviewer's verdict on a patient's video (work 3). */
  const record = (date: string, work: number, work_status: boolean | null, review: boolean | null = null) =>
    db.insert(dots).values({
      review_dose_taken: review,
      uuid: randomUUID(),
      patient_id: p.id,
      change_volunteer_id: entry,
      date,
      work,
      work_status,
      created: work >= 5 ? 'dashboard' : 'app',
    });
  return { id: p.id, record };
}

/**
 * A patient row as the database takes it, for tests that write patients straight into the table
 * (the report's figures, the roll-ups): the registration's required columns with plain values, a
 * code and name made of `label`, then `values`.
 */
export function patientRow(label: string, values: Partial<typeof patients.$inferInsert>): typeof patients.$inferInsert {
  return {
    year: 2026,
    code: label,
    password_hash: 'x',
    name: `Patient ${label}`,
    age: 40,
    sex: 'Male',
    treatment_regimen: '1. LTR',
    patient_address: 'Ward 1',
    patient_phone_no: '094200000',
    contact_info: 'Son',
    contact_phone_no: '094200',
    primary_language: 'Burmese',
    height: 160,
    weight: 55,
    BMI: 21.5,
    ...values,
  };
}
