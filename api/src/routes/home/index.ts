import type { FastifyInstance } from 'fastify';
import { todayIn } from '@vot/shared/domain';
import { HOME_OPERATIONS as OPS } from '@vot/shared/operations';
import { can } from '@vot/shared/permissions';
import { HOME_PERIOD_DAYS, REVIEW_TARGET_HOURS, type Supervision } from '@vot/shared/schemas';
import { register } from '../../lib/operations';
import { signedInUser } from '../../http/auth';
import { worklistCounts } from '../follow-ups/repository';
import { dashboardHeadlines } from '../reports/dashboards/headlines';
import { queueTotal } from '../video-reviews/repository';
import { supervisedTownships, weekdaysIn } from './supervision';

/** The day `days` before a yyyy-mm-dd day. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * GET home (docs/decisions/0190–0191, 0196), from its declared operation: the Video Reviews queue's
 * and the missed-dose worklist's counts in the user's townships (for the roles that do that work),
 * for a supervising role the review timeliness and staff sign-ins per township over the period,
 * and the dashboards' headline figures. One call, its parts read at once.
 */
export default async function homeRoutes(app: FastifyInstance) {
  const { db, config } = app;

  register(app, OPS.home, async ({ request, query }) => {
    const user = signedInUser(request);
    const today = todayIn();
    const end_date = query.end_date ?? today;
    const period = { start_date: query.start_date ?? daysBefore(end_date, HOME_PERIOD_DAYS - 1), end_date };
    const [videos, followUps, townships, headlines] = await Promise.all([
      can(user, 'video-reviews', 'read') ? queueTotal(db, user, config.videoReviewEscalationHours) : null,
      can(user, 'follow-ups', 'read') ? worklistCounts(db, user, config.followUpThresholdDays) : null,
      can(user, 'supervision', 'read') ? supervisedTownships(db, user, period, query.township_id) : null,
      dashboardHeadlines(db, user),
    ]);
    const supervision: Supervision | null = townships && {
      ...period,
      review_target_hours: REVIEW_TARGET_HOURS,
      weekdays: weekdaysIn(period),
      townships,
    };
    return {
      data: {
        videos_to_review: videos,
        follow_ups: followUps?.total ?? null,
        follow_ups_due: followUps?.due ?? null,
        supervision,
        headlines,
      },
      status: 'success' as const,
    };
  });
}
