import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOT_CALENDAR_PAGE_SIZE, VOT_STATUS_PAGE_SIZE, VOT_VISIT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import { VISIT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { NoVolunteerVisitPage, VisitDetail, VisitFilterInput } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dots } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import { cursorOf, pagingOf } from '../../lib/paging';
import { register, registerRead } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser, type RequestUser } from '../../plugins/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { visitFileLinks } from '../../files/visit-links';
import {
  VISIT_NOT_FOUND,
  exportAllPatientVisits,
  exportVisits,
  findVisit,
  listVisits,
  visitPatient,
  type VisitList,
} from './visit-repository';
import { lockPatients } from '../../ledger';

export const APP_RECORD = 'This VOT record was made in the phone app and cannot be changed here.';

/**
 * SPEC.md §7 VOT visits: a patient's visit lists (DOTs 28 a page, NoVolunteer-DOTs 30, all-DOTs 28
 * for the calendar), one record, the remark update and delete of records made on the dashboard,
 * and the exports 'DOT-APP', 'All-VOT' and 'All-Patient-VOTs'.
 */
export default async function visitListRoutes(app: FastifyInstance) {
  const { db } = app;

  // The visit screens' reads start alongside the session check (plugins/auth.ts checkedAlongside),
  // and a list reads its page, its total and whether the patient is in scope at once: one round trip.
  const lister =
    (list: VisitList, size: number) => async (request: FastifyRequest, user: RequestUser, filter: VisitFilterInput) => {
      const { limit, offset } = pagingOf(request, size);
      return listVisits(db, user, list, idOf(request, PATIENT_NOT_FOUND), filter, limit, offset);
    };
  const withVolunteer = lister('withVolunteer', VOT_VISIT_PAGE_SIZE);
  registerRead(app, OPS.withVolunteer, async ({ request, user, query }) => ({
    ...(await withVolunteer(request, user, query)),
    status: 'success' as const,
  }));
  const all = lister('all', VOT_CALENDAR_PAGE_SIZE);
  registerRead(app, OPS.all, async ({ request, user, query }) => ({
    ...(await all(request, user, query)),
    status: 'success' as const,
  }));
  const withoutVolunteer = lister('withoutVolunteer', VOT_STATUS_PAGE_SIZE);
  registerRead(app, OPS.withoutVolunteer, async ({ request, user, query }) => {
    const { data, total } = await withoutVolunteer(request, user, query);
    return { DOTs: data, data, total, status: 'success' } satisfies NoVolunteerVisitPage;
  });

  registerRead(app, OPS.show, async ({ request, user }) => {
    const visit = await findVisit(db, user, idOf(request, VISIT_NOT_FOUND));
    return {
      data: { ...visit, ...visitFileLinks(linksFor(request), visit) } satisfies VisitDetail,
      status: 'success' as const,
    };
  });

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

  async function exportOf(request: FastifyRequest, list: VisitList, filter: VisitFilterInput) {
    const user = signedInUser(request);
    const patient = await visitPatient(db, user, idOf(request, PATIENT_NOT_FOUND));
    return { data: await exportVisits(db, user, list, patient.id, filter), status: 'success' as const };
  }
  register(app, OPS.exportWithVolunteer, ({ request, query }) => exportOf(request, 'withVolunteer', query));
  register(app, OPS.exportAll, ({ request, query }) => exportOf(request, 'all', query));
  register(app, OPS.exportAllPatients, async ({ request, query }) => {
    return exportAllPatientVisits(db, signedInUser(request), query, cursorOf(request));
  });
}
