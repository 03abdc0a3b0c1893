import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VOT_CALENDAR_PAGE_SIZE, VOT_STATUS_PAGE_SIZE, VOT_VISIT_PAGE_SIZE } from '@vot/shared/domain';
import { VISIT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { NoVolunteerVisitPage, VisitDetail, VisitFilterInput } from '@vot/shared/schemas';
import { linksFor } from '../../lib/link-sessions';
import { cursorOf, pagingOf } from '../../lib/paging';
import { register, registerRead } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser, type RequestUser } from '../../http/auth';
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

/**
 * SPEC.md §7 VOT visits: a patient's visit lists (DOTs 28 a page, NoVolunteer-DOTs 30, all-DOTs 28
 * for the calendar), one record, and the exports 'DOT-APP', 'All-VOT' and 'All-Patient-VOTs'. The
 * dashboard's own records are made, changed and removed in routes/vot/visits.ts.
 */
export default async function visitListRoutes(app: FastifyInstance) {
  const { db } = app;

  // The visit screens' reads start alongside the session check (http/auth.ts checkedAlongside),
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
