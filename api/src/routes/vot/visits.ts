import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_WORK, successMessage } from '@vot/shared/domain';
import { VISIT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { VisitRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dots } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, fieldError } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { assertOnVot, entryOn, patientOf } from './patient';
import { visitRecord } from '../app/visits';
import { VISIT_NOT_FOUND, findVisit } from './visit-repository';
import { lockPatients } from '../../ledger';

export const BEFORE_START = 'Date may not be before the VOT Start Date!';
export const AFTER_END = 'Date may not be after the VOT End Date!';
const NEEDS_VOLUNTEER = 'On this date the patient has no volunteer: make the visit without volunteer.';
const HAS_VOLUNTEER = 'On this date the patient has a volunteer: make the visit with volunteer.';
export const APP_RECORD = 'This VOT record was made in the phone app and cannot be changed here.';

/**
 * The dashboard's own visit records (SPEC.md §7): made by DOT-with-volunteer-dashboard and
 * DOT-without-volunteer-dashboard (created 'dashboard', work 5 or 6, under the change-volunteer
 * entry in force on its date), their dose taken and remark changed and removed by DOT/{id}. The
 * visit screens read them through routes/vot/visit-lists.ts.
 */
export default async function visitRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  for (const withVolunteer of [true, false]) {
    const op = withVolunteer ? OPS.createWithVolunteer : OPS.createWithoutVolunteer;
    register(app, op, async ({ request, body: input }) => {
      const data = await mutate(db, request, async (tx) => {
        // The patient's row first, then the record (the app upload's order: ledger/lock.ts), and
        // before the reads: the VOT dates and the entry in force are every write committed before.
        const locked = await lockPatients(tx, [input.patient_id], signedInUser(request));
        const patient = await patientOf(tx, key, request, input.patient_id);
        assertOnVot(patient);
        if (input.date < patient.DOT_start_date) throw fieldError('date', BEFORE_START);
        if (patient.DOT_end_date && input.date > patient.DOT_end_date) throw fieldError('date', AFTER_END);
        const entry = await entryOn(tx, patient.id, input.date);
        const hasVolunteer = entry?.volunteer_id != null;
        if (withVolunteer && !hasVolunteer) throw conflict(NEEDS_VOLUNTEER);
        if (!withVolunteer && hasVolunteer) throw conflict(HAS_VOLUNTEER);
        const [row] = await tx
          .insert(dots)
          .values({
            uuid: randomUUID(),
            patient_id: patient.id,
            change_volunteer_id: entry?.id ?? null,
            date: input.date,
            work: withVolunteer ? DASHBOARD_WORK.withVolunteer : DASHBOARD_WORK.withoutVolunteer,
            // The staff's answer decides the day (docs/decisions/0131-staff-record-dose-taken.md).
            work_status: input.dose_taken === 'Yes',
            remark: input.remark,
            created: 'dashboard',
          })
          .returning();
        // The roll-up from this record alone (ledger/rollup.ts).
        await locked.rollUpNewVisit(row!);
        const { created_at: _c, updated_at: _u, ...stored } = row!;
        return {
          audit: { action: 'create', entity: 'dots', entity_id: row!.id, after: stored },
          result: visitRecord(row!) satisfies VisitRecord,
        };
      });
      return { data, status: 'success' as const, message: successMessage('DOT', 'created') };
    });
  }

  /** A record made on the dashboard, for a change; an app or no-app record is a 409 (SPEC.md §4). */
  async function dashboardRecord(tx: Database, request: FastifyRequest) {
    const visit = await findVisit(tx, signedInUser(request), idOf(request, VISIT_NOT_FOUND), { inTransaction: true });
    if (visit.created !== 'dashboard') throw conflict(APP_RECORD);
    return visit;
  }

  register(app, OPS.update, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      const before = await dashboardRecord(tx, request);
      // The patient's row first, as every writer of records (ledger/lock.ts); the staff's answer
      // decides the day (docs/decisions/0131-staff-record-dose-taken.md), so a changed one rebuilds
      // the patient's roll-up.
      const locked = await lockPatients(tx, [before.patient_id]);
      const work_status = input.dose_taken === 'Yes';
      await tx
        .update(dots)
        .set({ work_status, remark: input.remark, updated_at: new Date() })
        .where(eq(dots.id, before.id));
      if (before.work_status !== work_status) await locked.refreshLedgers();
      const after = { ...before, work_status, remark: input.remark };
      return { audit: { action: 'update', entity: 'dots', entity_id: before.id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('DOT', 'updated') };
  });

  register(app, OPS.remove, async ({ request }) => {
    await mutate(db, request, async (tx) => {
      const before = await dashboardRecord(tx, request);
      // The patient's row before the record, in the app upload's order (ledger/lock.ts).
      const locked = await lockPatients(tx, [before.patient_id]);
      await tx.delete(dots).where(eq(dots.id, before.id));
      await locked.refreshLedgers();
      return { audit: { action: 'delete', entity: 'dots', entity_id: before.id, before }, result: null };
    });
    return { message: successMessage('DOT', 'deleted') };
  });
}
