import type { FastifyInstance } from 'fastify';
import { REPORT_OPERATIONS } from '@vot/shared/operations';
import { register } from '../../../lib/operations';
import { signedInUser } from '../../../http/auth';
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
  const ops = REPORT_OPERATIONS;
  register(app, ops.volunteerDashboard, async ({ request, query }) =>
    answer(await volunteerDashboard(db, signedInUser(request), query)),
  );
  register(app, ops.patientDashboard, async ({ request, query }) =>
    answer(await patientDashboard(db, signedInUser(request), query)),
  );
  register(app, ops.dotStatusDashboard, async ({ request, query }) =>
    answer(await dotStatusDashboard(db, signedInUser(request), query)),
  );
  register(app, ops.activityDashboard, async ({ request, query }) =>
    answer(await activityDashboard(db, signedInUser(request), query)),
  );
  register(app, ops.volunteerReportDashboard, async ({ request, query }) =>
    answer(await volunteerReportDashboard(db, signedInUser(request), query)),
  );
}
