import { and, count, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOLUNTEER_STATUS, successMessage } from '@vot/shared/domain';
import { CHANGE_VOLUNTEER_OPERATIONS as OPS } from '@vot/shared/operations';
import type { ChangeVolunteerRecord, PureHybridHistoryRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, volunteers } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { VOT_ENDED, assertOnVot, patientOf, syncCurrent } from './patient';
import { lockPatients } from '../../ledger';

export const ENTRY_NOT_FOUND = 'Change volunteer record not found.';
export const ENTRY_HAS_VISITS = 'This entry has VOT visit records and cannot be deleted.';
const BEFORE_START = 'Date may not be before the VOT Start Date!';
const BEFORE_LATEST = 'Date may not be before the latest change or VOT visit!';
const NOT_OUR_VOLUNTEER = "Choose an active volunteer of the patient's township!";

const visitsOf =
  sql<number>`(select count(*) from ${dots} where ${dots.change_volunteer_id} = ${changeVolunteers.id})`.mapWith(
    Number,
  );

/** The history of a patient, oldest first, each entry with its volunteer and its visit count. */
function history(db: Database, patientId: number) {
  return db
    .select({
      id: changeVolunteers.id,
      patient_id: changeVolunteers.patient_id,
      change_date: changeVolunteers.change_date,
      pure_or_hybrid: changeVolunteers.pure_or_hybrid,
      with_volunteer: changeVolunteers.with_volunteer,
      type: changeVolunteers.type,
      volunteer: {
        id: volunteers.id,
        name: volunteers.name,
        code: volunteers.code,
        volunteer_id_gf: volunteers.volunteer_id_gf,
      },
      DOT_count: visitsOf,
    })
    .from(changeVolunteers)
    .leftJoin(volunteers, eq(volunteers.id, changeVolunteers.volunteer_id))
    .where(eq(changeVolunteers.patient_id, patientId))
    .orderBy(changeVolunteers.change_date, changeVolunteers.id);
}

/**
 * The dated history of pure or hybrid VOT and volunteer (SPEC.md §2 VOT details condition and change
 * volunteer, §4 Pure/Hybrid). Change-volunteers and pure-hybrid-histories are two views of one
 * history: every entry, and the entries where pure or hybrid changed. The patient's current state
 * is the latest entry's (syncCurrent, in the same transaction as each change).
 */
export default async function changeVolunteerRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  register(app, OPS.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      // The patient's row before its history (ledger/lock.ts), and before the checks: the latest
      // entry and visit read below are then every one committed, an upload's included.
      const locked = await lockPatients(tx, [input.patient_id], signedInUser(request));
      const patient = await patientOf(tx, key, request, input.patient_id);
      assertOnVot(patient);
      if (patient.DOT_end_date) throw conflict(VOT_ENDED);
      if (input.change_date < patient.DOT_start_date) throw fieldError('change_date', BEFORE_START);
      const [lastEntry] = await tx
        .select({ day: max(changeVolunteers.change_date) })
        .from(changeVolunteers)
        .where(eq(changeVolunteers.patient_id, patient.id));
      const [lastVisit] = await tx
        .select({ day: max(dots.date) })
        .from(dots)
        .where(eq(dots.patient_id, patient.id));
      const latest = [lastEntry?.day, lastVisit?.day]
        .filter((d): d is string => !!d)
        .sort()
        .at(-1);
      if (latest && input.change_date < latest) throw fieldError('change_date', BEFORE_LATEST);
      if (input.volunteer_id != null) {
        const [volunteer] = await tx
          .select({ id: volunteers.id })
          .from(volunteers)
          .where(
            and(
              eq(volunteers.id, input.volunteer_id),
              eq(volunteers.status, VOLUNTEER_STATUS.active),
              eq(volunteers.township_id, patient.township?.id ?? -1),
            ),
          )
          .limit(1);
        if (!volunteer) throw fieldError('volunteer_id', NOT_OUR_VOLUNTEER);
      }
      const [row] = await tx
        .insert(changeVolunteers)
        .values({
          patient_id: patient.id,
          change_date: input.change_date,
          pure_or_hybrid: input.pure_or_hybrid,
          with_volunteer: input.with_volunteer,
          volunteer_id: input.volunteer_id ?? null,
          type: input.type ?? null,
        })
        .returning();
      await syncCurrent(tx, locked, patient.id);
      // Answered as the history lists it (with its volunteer and visit count), as the screens read it.
      const entry = (await history(tx, patient.id)).find((e) => e.id === row!.id)!;
      return {
        audit: { action: 'create', entity: 'change_volunteers', entity_id: row!.id, after: row },
        result: entry satisfies ChangeVolunteerRecord,
      };
    });
    return { data, status: 'success' as const, message: successMessage('Change Volunteer', 'created') };
  });

  register(app, OPS.listOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const rows = await history(db, patient.id);
    return { data: rows.reverse() satisfies ChangeVolunteerRecord[], status: 'success' as const, total: rows.length };
  });

  register(app, OPS.pureHybridOf, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    const changes: PureHybridHistoryRecord[] = [];
    for (const entry of await history(db, patient.id)) {
      if (changes.at(-1)?.type !== entry.pure_or_hybrid)
        changes.push({
          id: entry.id,
          change_date: entry.change_date,
          type: entry.pure_or_hybrid,
          DOT_count: entry.DOT_count,
        });
    }
    return { data: changes.reverse(), status: 'success' as const, total: changes.length };
  });

  /** An entry is deleted only without visit records; the patient's state follows the entry now latest. */
  const remove = async ({ request }: { request: FastifyRequest }) => {
    const id = idOf(request, ENTRY_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const [found] = await tx
        .select({ patient_id: changeVolunteers.patient_id })
        .from(changeVolunteers)
        .where(eq(changeVolunteers.id, id))
        .limit(1);
      if (!found) throw notFound(ENTRY_NOT_FOUND);
      // The patient's row before the entry (ledger/lock.ts): an upload filing a record under this
      // entry holds it, so the count below sees that record (409) instead of the delete waiting
      // for the record's key lock on the entry while the upload waits for the patient.
      const locked = await lockPatients(tx, [found.patient_id], signedInUser(request));
      const [entry] = await tx.select().from(changeVolunteers).where(eq(changeVolunteers.id, id)).limit(1);
      if (!entry) throw notFound(ENTRY_NOT_FOUND);
      await patientOf(tx, key, request, entry.patient_id).catch(() => {
        throw notFound(ENTRY_NOT_FOUND);
      });
      const [visits] = await tx.select({ n: count() }).from(dots).where(eq(dots.change_volunteer_id, id));
      if ((visits?.n ?? 0) > 0) throw conflict(ENTRY_HAS_VISITS);
      await tx.delete(changeVolunteers).where(eq(changeVolunteers.id, id));
      await syncCurrent(tx, locked, entry.patient_id);
      return { audit: { action: 'delete', entity: 'change_volunteers', entity_id: id, before: entry }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage('Change Volunteer', 'deleted') };
  };
  register(app, OPS.remove, remove);
  register(app, OPS.removePureHybrid, remove);
}
