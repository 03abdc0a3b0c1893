import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { Patient } from '@vot/shared/schemas';
import type { Database } from '../src/db/client';
import { districts, projects, regions, townships, userTownships, users, volunteers } from '../src/db/schema';
import { emailOf, type Client } from './helpers';

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
  const [region] = await db.insert(regions).values({ name: 'Yangon Region' }).returning();
  const [district] = await db.insert(districts).values({ name: 'Yangon North' }).returning();
  const [project] = await db.insert(projects).values({ name: 'MDR-TB' }).returning();
  const place = { region_id: region!.id, district_id: district!.id, project_id: project!.id };
  const [hty, ins] = await db
    .insert(townships)
    .values([
      { name: 'Hlaingthaya', abbreviation: 'HTY', ...place },
      { name: 'Insein', abbreviation: 'INS', ...place },
    ])
    .returning();
  const [officer] = await db.select({ id: users.id }).from(users).where(eq(users.email, emailOf('Field Officer')));
  await db.insert(userTownships).values({ user_id: officer!.id, township_id: hty!.id });
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
    .values([volunteer('Daw Aye', hty!.id), volunteer('U Ba', hty!.id), volunteer('Daw Trash', hty!.id, 0), volunteer('Daw Insein', ins!.id)])
    .returning();
  return { hty: hty!.id, ins: ins!.id, volunteer1: v1!.id, volunteer2: v2!.id, trashedVolunteer: trashed!.id, inseinVolunteer: insein!.id };
}

let serial = 0;

/** A registered patient of the township, VOT eligible, treatment started `treatmentDaysAgo` days ago. */
export async function eligiblePatient(client: Client, townshipId: number, treatmentDaysAgo = 60): Promise<Patient> {
  serial += 1;
  const res = await client.post('/api/v1/patients', {
    year: 2026,
    township_id: townshipId,
    SP_code: `SP-VOT-${serial}`,
    name: `VOT Patient ${serial}`,
    age: 40,
    sex: 'Female',
    treatment_start_date: daysAgo(treatmentDaysAgo),
    treatment_regimen: '1. LTR',
    patient_address: 'Ward 3',
    patient_phone_no: '09421234567',
    contact_info: 'Son',
    contact_phone_no: '0942123',
    primary_language: 'Burmese',
    height: 160,
    weight: 50,
    BMI: 19.5,
  });
  assert.equal(res.statusCode, 201, res.body);
  const id = (res.json().data as Patient).id;
  const eligible = await client.post(`/api/v1/VOT-eligible/${id}?_method=PUT`, { VOT_eligible: 'Yes' });
  assert.equal(eligible.statusCode, 200, eligible.body);
  return eligible.json().data as Patient;
}
