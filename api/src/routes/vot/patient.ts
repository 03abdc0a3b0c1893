import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PATIENT_STATUS } from '@vot/shared/domain';
import type { Patient } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, patients } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { signedInUser } from '../../http/auth';
import { PATIENT_NOT_FOUND, findPatient } from '../patients/repository';
import { lockPatients, type LockedPatients } from '../../ledger';

export const NOT_ON_VOT = 'Move the patient to VOT with a VOT Start Date first!';
export const VOT_ENDED = 'VOT has ended for this patient (VOT End Date).';

/** An active patient in the user's scope (404 otherwise: another township's patient is not found). */
export function patientOf(db: Database, key: Buffer, request: FastifyRequest, id: number): Promise<Patient> {
  return findPatient(db, key, signedInUser(request), id, PATIENT_STATUS.active);
}

/** A patient on VOT: a VOT start date and VOT accepted, else 409. */
export function assertOnVot(patient: Patient): asserts patient is Patient & { DOT_start_date: string } {
  if (patient.VOT_accept !== 'Yes' || !patient.DOT_start_date) throw conflict(NOT_ON_VOT);
}

/** How many VOT visit records the patient has (Move To VOT is locked once there is one). */
export async function visitCount(db: Database, patientId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dots).where(eq(dots.patient_id, patientId));
  return row?.n ?? 0;
}

/** The change-volunteer entry in force on a day (the latest dated on or before it), if any. */
export async function entryOn(db: Database, patientId: number, day: string) {
  const [row] = await db
    .select()
    .from(changeVolunteers)
    .where(and(eq(changeVolunteers.patient_id, patientId), lte(changeVolunteers.change_date, day)))
    .orderBy(desc(changeVolunteers.change_date), desc(changeVolunteers.id))
    .limit(1);
  return row ?? null;
}

/**
 * The patient's current pure or hybrid VOT, volunteer and type are the latest history entry's
 * (none without entries). Every change of the history calls this in its own transaction, so the
 * history and the patient's state never disagree (Move To VOT No, which deletes the whole history,
 * writes the none in its own update: routes/vot/treatment.ts). The caller locked the patient's
 * row before it wrote the history (`locked`: lockPatients, ledger/patient-lock.ts).
 */
export async function syncCurrent(tx: Database, locked: LockedPatients, patientId: number): Promise<void> {
  const [latest] = await tx
    .select()
    .from(changeVolunteers)
    .where(eq(changeVolunteers.patient_id, patientId))
    .orderBy(desc(changeVolunteers.change_date), desc(changeVolunteers.id))
    .limit(1);
  await tx
    .update(patients)
    .set({
      pure_or_hybrid: latest?.pure_or_hybrid ?? null,
      volunteer_id: latest?.volunteer_id ?? null,
      type: latest?.type ?? null,
      updated_at: new Date(),
    })
    .where(eq(patients.id, patientId));
  // The entries decide which records are no-app boxes: the dose ledger's roll-up follows (the
  // caller holds the patient's row, taken before the history's write).
  await locked.refreshLedgers();
}

type Columns = Partial<typeof patients.$inferInsert>;

/**
 * One audited update of an active patient in scope: `columns` from the record before, written in
 * the same transaction (with whatever else `columns` does there: Move To VOT No deletes the
 * history), answered with the record after. The patient's row is locked first (ledger/lock.ts), so
 * `columns` may write the patient's history and its checks (visit count, entries) see every write
 * committed before.
 */
export function updatePatient(
  db: Database,
  key: Buffer,
  request: FastifyRequest,
  id: number,
  columns: (before: Patient, tx: Database) => Promise<Columns> | Columns,
) {
  return mutate(db, request, async (tx) => {
    const locked = await lockPatients(tx, [id], signedInUser(request));
    const before = await patientOf(tx, key, request, id);
    const set = await columns(before, tx);
    const updated = await tx
      .update(patients)
      .set({ ...set, updated_at: new Date() })
      .where(and(eq(patients.id, id), eq(patients.status, PATIENT_STATUS.active)))
      .returning({ id: patients.id });
    if (!updated.length) throw notFound(PATIENT_NOT_FOUND);
    // VOT accepted, start and end dates shape the dose ledger: its roll-up is refreshed with them.
    await locked.refreshLedgers();
    const after = await patientOf(tx, key, request, id);
    return { audit: { action: 'update' as const, entity: 'patients', entity_id: id, before, after }, result: after };
  });
}

/** The patient of a record found by its own id: out of the user's scope, the record is not found either. */
export function ownerOf(
  db: Database,
  key: Buffer,
  request: FastifyRequest,
  patientId: number,
  recordNotFound: string,
): Promise<Patient> {
  return patientOf(db, key, request, patientId).catch(() => {
    throw notFound(recordNotFound);
  });
}
