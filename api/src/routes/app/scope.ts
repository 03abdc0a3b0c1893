import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { todayIn } from '@vot/shared/domain';
import type { AppPatient } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, patients } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { AFTER_END, BEFORE_START } from '../vot/visits';
import { NOT_ON_VOT } from '../vot/patient';
import type { AppUser } from './auth';

/**
 * What an app token reaches (docs/decisions/0081):
 * - a patient's token: the patient themselves;
 * - a volunteer's token: the patients whose change-volunteer history names the volunteer, and of
 *   them, for a given visit date, only those whose entry in force on that date is the volunteer's.
 *   So a volunteer who handed a patient over can still upload the visits of their own days (the
 *   app may have been offline), but not of the new volunteer's days; another's patient is a 404.
 */

const ACTIVE = 1;
export const NOT_YOUR_DAY = 'On this date the patient is not assigned to you.';

/** A patient the app user reaches, as the checks read it: the app's AppPatient, its identity and VOT dates. */
export type ReachedPatient = Pick<
  AppPatient,
  'id' | 'name' | 'code' | 'township_id' | 'DOT_start_date' | 'DOT_end_date' | 'VOT_accept'
>;

const patientColumns = {
  id: patients.id,
  name: patients.name,
  code: patients.code,
  township_id: patients.township_id,
  DOT_start_date: patients.DOT_start_date,
  DOT_end_date: patients.DOT_end_date,
  VOT_accept: patients.VOT_accept,
};

/** Whether the volunteer has ever been a patient's volunteer (any history entry naming them). */
const everAssigned = (volunteerId: number) =>
  sql`exists (select 1 from ${changeVolunteers} where ${changeVolunteers.patient_id} = ${patients.id} and ${changeVolunteers.volunteer_id} = ${volunteerId})`;

/** An active patient the app user may reach at all; 404 otherwise (as if it did not exist). */
export async function reachablePatient(db: Database, user: AppUser, patientId: number): Promise<ReachedPatient> {
  const mine = user.kind === 'patient' ? eq(patients.id, user.id) : everAssigned(user.id);
  const [row] = await db
    .select(patientColumns)
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.status, ACTIVE), mine))
    .limit(1);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

/** A patient of the app user as listed, before the doorstep's medicines and days (./patients.ts). */
export type ListedPatient = Omit<AppPatient, 'medicines' | 'today' | 'recent_days'>;

/**
 * The patients of the app user: a volunteer's current and former patients (current first), or the
 * patient. Addresses and phone numbers only where the caller visits now: a former volunteer keeps
 * the patient in the list (to upload the visits of their own days) but no longer their contacts.
 */
export async function patientsOf(db: Database, user: AppUser): Promise<ListedPatient[]> {
  const mine = user.kind === 'patient' ? eq(patients.id, user.id) : everAssigned(user.id);
  const current = sql<boolean>`coalesce(${patients.volunteer_id} = ${user.kind === 'volunteer' ? user.id : null}, ${user.kind === 'patient'})`;
  const whileCurrent = <T>(column: AnyPgColumn) => sql<T | null>`case when ${current} then ${column} end`;
  const rows = await db
    .select({
      ...patientColumns,
      type: patients.type,
      current,
      patient_address: whileCurrent<string>(patients.patient_address),
      patient_phone_no: whileCurrent<string>(patients.patient_phone_no),
      contact_info: whileCurrent<string>(patients.contact_info),
      contact_phone_no: whileCurrent<string>(patients.contact_phone_no),
    })
    .from(patients)
    .where(and(eq(patients.status, ACTIVE), mine))
    .orderBy(sql`${current} desc`, asc(patients.name))
    .limit(500);
  return rows;
}

/** The checks of the dashboard's visits (routes/vot/visits.ts, same messages): the patient on VOT, the day within the VOT period. */
function checkVisitDay(patient: ReachedPatient, day: string): void {
  if (patient.VOT_accept !== 'Yes' || !patient.DOT_start_date) throw conflict(NOT_ON_VOT);
  if (day < patient.DOT_start_date) throw fieldError('date', BEFORE_START);
  if (patient.DOT_end_date && day > patient.DOT_end_date) throw fieldError('date', AFTER_END);
}

/**
 * The patient and the change-volunteer entry in force on `day` (entry_id, entry_volunteer_id), when
 * the user reaches the patient (no row otherwise): the query alone, so the upload can lock its row
 * and insert from it in one statement (./visits.ts). The entry's columns are named, so the query
 * can be a CTE (two columns called id would be ambiguous there).
 */
export function visitTargetQuery(db: Database, user: AppUser, patientId: number, day: string) {
  const mine = user.kind === 'patient' ? eq(patients.id, user.id) : everAssigned(user.id);
  const entry = db
    .select({
      id: sql<number>`${changeVolunteers.id}`.as('entry_id'),
      volunteer_id: sql<number | null>`${changeVolunteers.volunteer_id}`.as('entry_volunteer_id'),
    })
    .from(changeVolunteers)
    .where(and(eq(changeVolunteers.patient_id, patients.id), lte(changeVolunteers.change_date, day)))
    .orderBy(desc(changeVolunteers.change_date), desc(changeVolunteers.id))
    .limit(1)
    .as('entry');
  return db
    .select({ ...patientColumns, entry_id: entry.id, entry_volunteer_id: entry.volunteer_id })
    .from(patients)
    .leftJoinLateral(entry, sql`true`)
    .where(and(eq(patients.id, patientId), eq(patients.status, ACTIVE), mine))
    .limit(1);
}

export type VisitTargetRow = Awaited<ReturnType<typeof visitTargetQuery>>[number];

/**
 * The checks of a visit of `day` on the row visitTargetQuery found: 404 when the user does not
 * reach the patient (no row), the day checks, and for a volunteer the entry in force on the day
 * must be theirs.
 */
export function checkVisitTarget(user: AppUser, row: VisitTargetRow | undefined, day: string): ReachedPatient {
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  const { entry_id: _entry, entry_volunteer_id, ...patient } = row;
  checkVisitDay(patient, day);
  if (user.kind === 'volunteer' && entry_volunteer_id !== user.id) throw fieldError('date', NOT_YOUR_DAY);
  return patient;
}

/** The patient a visit of `day` may be filed under, checked, in one query (a multipart upload's check before it stores a file). */
export async function visitTarget(
  db: Database,
  user: AppUser,
  patientId: number,
  day: string,
): Promise<ReachedPatient> {
  const [row] = await visitTargetQuery(db, user, patientId, day);
  return checkVisitTarget(user, row, day);
}

/** A visit record the app user may read: their own patient's (patient), or one filed under their entries (volunteer). */
export async function reachableVisit(db: Database, user: AppUser, uuid: string) {
  const [row] = await db
    .select({ visit: dots, volunteer_id: changeVolunteers.volunteer_id })
    .from(dots)
    .leftJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
    .where(eq(dots.uuid, uuid))
    .limit(1);
  if (!row) return null;
  const mine = user.kind === 'patient' ? row.visit.patient_id === user.id : row.volunteer_id === user.id;
  return mine ? row.visit : undefined;
}

/** Hours after the end of a visit's day before an upload of it counts as late (a retry over a bad connection after midnight is not late). */
export const LATE_GRACE_HOURS = 3;

/**
 * Late = the record reaches the server after the visit's day (Asia/Yangon) has ended, plus the
 * grace. Decided on the first upload only: a retry of a stored record is answered as stored.
 */
export function isLate(day: string, now: Date = new Date()): boolean {
  return day < todayIn(undefined, new Date(now.getTime() - LATE_GRACE_HOURS * 3_600_000));
}
