import type { FastifyInstance } from 'fastify';
import { dashboardQuery, volunteerReportQuery } from '@vot/shared/schemas';
import { queryOf } from '../../../lib/requests';
import { allow, signedInUser } from '../../../plugins/auth';
import { activityDashboard } from './activities';
import { dotStatusDashboard, patientDashboard } from './patients';
import { volunteerReportDashboard } from './volunteer-report';
import { volunteerDashboard } from './volunteers';

/**
 * SPEC.md §7 dashboards: GET {name}-dashboard?township_id,start_date,end_date (the volunteer report
 * also volunteer_id), answering `{ data, status: 'success' }`. Figures are computed on each call
 * from the records (bench/dashboards.mts measures them at national scale); a Field Officer's are
 * their townships' only, whatever township is asked for.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app;
  const read = { preHandler: allow('dashboards', 'read') };
  const answer = <T>(data: T) => ({ data, status: 'success' as const });

  app.get('/volunteer-dashboard', read, async (request) => answer(await volunteerDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))));
  app.get('/patient-dashboard', read, async (request) => answer(await patientDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))));
  app.get('/dot-status-dashboard', read, async (request) => answer(await dotStatusDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))));
  app.get('/activity-dashboard', read, async (request) => answer(await activityDashboard(db, signedInUser(request), await queryOf(dashboardQuery, request))));
  app.get('/volunteer-report-dashboard', read, async (request) =>
    answer(await volunteerReportDashboard(db, signedInUser(request), await queryOf(volunteerReportQuery, request))),
  );
}
