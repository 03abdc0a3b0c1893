import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOT_CALENDAR_PAGE_SIZE, VOT_STATUS_PAGE_SIZE, VOT_VISIT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import {
  dashboardVisitUpdateSchema,
  dateRangeFilter,
  idFilter,
  visitFilterSchema,
  type NoVolunteerVisitPage,
  type VisitDetail,
  type VisitRecord,
} from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dots } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import { cursorOf, pagingOf } from '../../lib/paging';
import { bodyOf, idOf, queryOf, updateRoute } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { allow, allowedAlongside, signedInUser } from '../../plugins/auth';
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
import { lockPatients, refreshLedgers } from '../../ledger';

export const APP_RECORD = 'This VOT record was made in the phone app and cannot be changed here.';

/** export-all-patient-DOTs covers every patient in scope: in pages, and only in the dates asked. */
const allPatientsQuery = visitFilterSchema.shape({
  start_date: dateRangeFilter.start_date.required('Start Date is required!'),
  end_date: dateRangeFilter.end_date.required('End Date is required!'),
  township_id: idFilter('Township'),
});

/**
 * SPEC.md §7 VOT visits: a patient's visit lists (DOTs 28 a page, NoVolunteer-DOTs 30, all-DOTs 28
 * for the calendar), one record, the remark update and delete of records made on the dashboard,
 * and the exports 'DOT-APP', 'All-VOT' and 'All-Patient-VOTs'.
 */
export default async function visitListRoutes(app: FastifyInstance) {
  const { db } = app;

  // The visit screens' reads start alongside the session check (plugins/auth.ts checkedAlongside),
  // and a list reads its page, its total and whether the patient is in scope at once: one round trip.
  const page = <T>(list: VisitList, size: number, answer: (page: { data: VisitRecord[]; total: number }) => T) =>
    allowedAlongside('vot-status', 'read', async (request, user) => {
      const filter = await queryOf(visitFilterSchema, request);
      const { limit, offset } = pagingOf(request, size);
      return answer(await listVisits(db, user, list, idOf(request, PATIENT_NOT_FOUND), filter, limit, offset));
    });
  const listed = (page: { data: VisitRecord[]; total: number }) => ({ ...page, status: 'success' });

  const list = (summary: string) =>
    routeSchema({ summary, querystring: visitFilterSchema, paged: true, response: answers.list('VisitRecord') });
  const withVolunteer = page('withVolunteer', VOT_VISIT_PAGE_SIZE, listed);
  app.get(
    '/DOTs/:id',
    {
      preHandler: withVolunteer.preHandler,
      schema: list("A patient's visits with a volunteer (works 1, 2, 4, 5), newest first"),
    },
    withVolunteer.handler,
  );
  const all = page('all', VOT_CALENDAR_PAGE_SIZE, listed);
  app.get(
    '/all-DOTs/:id',
    { preHandler: all.preHandler, schema: list('Every visit record of a patient (the VOT calendar), newest first') },
    all.handler,
  );
  // SPEC.md §7: this one "reads DOTs and total"; `data` too, so every list reads alike.
  const noVolunteer = routeSchema({
    summary: "A patient's own visit records (works 3, 6), newest first",
    querystring: visitFilterSchema,
    paged: true,
    response: answers.whole('NoVolunteerVisitPage'),
  });
  const withoutVolunteer = page(
    'withoutVolunteer',
    VOT_STATUS_PAGE_SIZE,
    ({ data, total }) => ({ DOTs: data, data, total, status: 'success' }) satisfies NoVolunteerVisitPage,
  );
  app.get(
    '/NoVolunteer-DOTs/:id',
    { preHandler: withoutVolunteer.preHandler, schema: noVolunteer },
    withoutVolunteer.handler,
  );

  const one = allowedAlongside('vot-status', 'read', async (request, user) => {
    const visit = await findVisit(db, user, idOf(request, VISIT_NOT_FOUND));
    return { data: { ...visit, ...visitFileLinks(linksFor(request), visit) } satisfies VisitDetail, status: 'success' };
  });
  app.get(
    '/DOT/:id',
    {
      preHandler: one.preHandler,
      schema: routeSchema({
        summary: 'One visit record, with who made it and signed links to its files',
        response: answers.item('VisitDetail'),
      }),
    },
    one.handler,
  );

  /** A record made on the dashboard, for a change; an app or no-app record is a 409 (SPEC.md §4). */
  async function dashboardRecord(tx: Database, request: FastifyRequest) {
    const visit = await findVisit(tx, signedInUser(request), idOf(request, VISIT_NOT_FOUND), { inTransaction: true });
    if (visit.created !== 'dashboard') throw conflict(APP_RECORD);
    return visit;
  }

  updateRoute(
    app,
    '/DOT/:id',
    {
      preHandler: allow('vot-status', 'update'),
      schema: routeSchema({
        summary: "A dashboard visit record's Dose taken and remark",
        body: dashboardVisitUpdateSchema,
        refusals: [409],
        response: answers.item('VisitRecord'),
      }),
    },
    async (request) => {
      const input = await bodyOf(dashboardVisitUpdateSchema, request);
      const data = await mutate(db, request, async (tx) => {
        const before = await dashboardRecord(tx, request);
        // The patient's row first, as every writer of records (ledger/lock.ts); the staff's answer
        // decides the day (docs/decisions/0131-staff-record-dose-taken.md), so a changed one rebuilds
        // the patient's roll-up.
        await lockPatients(tx, [before.patient_id]);
        const work_status = input.dose_taken === 'Yes';
        await tx
          .update(dots)
          .set({ work_status, remark: input.remark, updated_at: new Date() })
          .where(eq(dots.id, before.id));
        if (before.work_status !== work_status) await refreshLedgers(tx, [before.patient_id], { locked: true });
        const after = { ...before, work_status, remark: input.remark };
        return { audit: { action: 'update', entity: 'dots', entity_id: before.id, before, after }, result: after };
      });
      return { data, status: 'success', message: successMessage('DOT', 'updated') };
    },
  );

  app.delete(
    '/DOT/:id',
    {
      preHandler: allow('vot-status', 'delete'),
      schema: routeSchema({
        summary: 'Delete a visit record made on the dashboard',
        refusals: [409],
        response: answers.message('DOT has been deleted successfully!'),
      }),
    },
    async (request) => {
      await mutate(db, request, async (tx) => {
        const before = await dashboardRecord(tx, request);
        // The patient's row before the record, in the app upload's order (ledger/lock.ts).
        await lockPatients(tx, [before.patient_id]);
        await tx.delete(dots).where(eq(dots.id, before.id));
        await refreshLedgers(tx, [before.patient_id], { locked: true });
        return { audit: { action: 'delete', entity: 'dots', entity_id: before.id, before }, result: null };
      });
      return { message: successMessage('DOT', 'deleted') };
    },
  );

  async function exportOf(request: FastifyRequest, list: VisitList) {
    const filter = await queryOf(visitFilterSchema, request);
    const user = signedInUser(request);
    const patient = await visitPatient(db, user, idOf(request, PATIENT_NOT_FOUND));
    return { data: await exportVisits(db, user, list, patient.id, filter), status: 'success' };
  }
  const exported = (summary: string, querystring = visitFilterSchema) =>
    routeSchema({ summary, querystring, response: answers.rows('VisitExportRow') });
  app.get(
    '/export-DOTs/:id',
    {
      preHandler: allow('vot-status', 'export'),
      schema: exported("A patient's visits with a volunteer for the spreadsheet ('DOT-APP')"),
    },
    (request) => exportOf(request, 'withVolunteer'),
  );
  app.get(
    '/export-all-DOTs/:id',
    {
      preHandler: allow('vot-status', 'export'),
      schema: exported("Every visit record of a patient for the spreadsheet ('All-VOT')"),
    },
    (request) => exportOf(request, 'all'),
  );
  app.get(
    '/export-all-patient-DOTs',
    {
      preHandler: allow('vot-status', 'export'),
      schema: routeSchema({
        summary:
          "Every patient's visit records in the dates, for the spreadsheet ('All-Patient-VOTs'), a part at a time (`after` = the previous part's `next`)",
        querystring: allPatientsQuery,
        cursor: true,
        response: answers.whole('VisitExportPage'),
        // The record a part ended on was deleted before the next part was asked.
        refusals: [409],
      }),
    },
    async (request) => {
      const filter = await queryOf(allPatientsQuery, request);
      return exportAllPatientVisits(db, signedInUser(request), filter, cursorOf(request));
    },
  );
}
