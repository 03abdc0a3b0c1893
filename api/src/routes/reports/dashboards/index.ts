import type { FastifyInstance } from 'fastify';
import { dashboardQuery, volunteerReportQuery } from '@vot/shared/schemas';
import { queryOf } from '../../../lib/requests';
import { answers, routeSchema } from '../../../openapi/routes';
import { allow, signedInUser } from '../../../plugins/auth';
import { activityDashboard } from './activities';
import { dotStatusDashboard, patientDashboard } from './patients';
import { volunteerReportDashboard } from './volunteer-report';
import { volunteerDashboard } from './volunteers';

/**
 * SPEC.md §7 dashboards: GET {name}-dashboard?township_id,start_date,end_date (the volunteer report
 * also volunteer_id), answering `{ data, status: 'success' }`. Figures are computed on each call,
 * from the records, or for visit records from their monthly counts (visit_month_counts, kept by
 * triggers in the records' own transactions, so always current; visit-counts.ts), and
 * bench/dashboards.mts measures them at national scale; a Field Officer's are their townships'
 * only, whatever township is asked for.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app;
  const answer = <T>(data: T) => ({ data, status: 'success' as const });
  const read = (summary: string, type: string, querystring = dashboardQuery) => ({
    preHandler: allow('dashboards', 'read'),
    schema: routeSchema({ summary, querystring, response: answers.item(type) }),
  });

  app.get(
    '/volunteer-dashboard',
    read('Volunteers who joined in the period (first training), reported and trained in it', 'VolunteerDashboard'),
    async (request) =>
      answer(await volunteerDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))),
  );
  app.get(
    '/patient-dashboard',
    read('Patients registered (treatment start) in the period', 'PatientDashboard'),
    async (request) =>
      answer(await patientDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))),
  );
  app.get(
    '/dot-status-dashboard',
    read('Patients on treatment from a day of the period, by where they are in VOT', 'DotStatusDashboard'),
    async (request) =>
      answer(await dotStatusDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))),
  );
  app.get(
    '/activity-dashboard',
    read('Activities and doses taken in the period', 'ActivityDashboard'),
    async (request) =>
      answer(await activityDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))),
  );
  app.get(
    '/volunteer-report-dashboard',
    read("The volunteers' seven indicators in the period", 'VolunteerReportDashboard', volunteerReportQuery),
    async (request) =>
      answer(await volunteerReportDashboard(db, signedInUser(request), await queryOf(volunteerReportQuery, request))),
  );
}
