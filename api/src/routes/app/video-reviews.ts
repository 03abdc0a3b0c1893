import type { FastifyInstance } from 'fastify';
import { and, sql } from 'drizzle-orm';
import { successMessage } from '@vot/shared/domain';
import { APP_VIDEO_REVIEW_OPERATIONS as OPS } from '@vot/shared/operations';
import type { AppVideoReviewRow } from '@vot/shared/schemas';
import { isoTime, namedRowsOf, withoutTotal } from '../../db/rows';
import { linksFor } from '../../lib/link-sessions';
import { registerApp } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { withVideoLinks } from '../video-reviews/index';
import { escalatesAt, queueRowsSql, volunteersDays, volunteersVideo, type QueueRow } from '../video-reviews/repository';
import { giveVerdict, VIDEO_NOT_FOUND } from '../video-reviews/verdict';
import { appUserOf } from './auth';

/** The most a volunteer's queue answers at once: their patients' videos of a day or two. */
const APP_QUEUE_LIMIT = 200;

/**
 * The volunteer's own video review queue (docs/decisions/0176), served from its declared
 * operations: GET app/video-reviews, the videos of the volunteer's days (their change-volunteer
 * entry in force on the day) awaiting a verdict and not yet escalated to staff, oldest first, with
 * signed links; POST app/video-reviews/{id}, the volunteer's verdict, stored, audited and followed
 * by the ledger exactly as a staff verdict. A video of another volunteer's days is a 404; after its
 * escalation the volunteer may still give it (an app that was offline sends what it saw), until
 * someone has.
 */
export default async function appVideoReviewRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const hours = config.videoReviewEscalationHours;

  registerApp(app, OPS.queue, async ({ request }) => {
    const volunteer = appUserOf(request).id;
    const scope = {
      videos: sql`d.change_volunteer_id in (select e.id from change_volunteers e where e.volunteer_id = ${volunteer})`,
      where: and(sql`${escalatesAt(hours)} > now()`, volunteersDays(volunteer)),
    };
    const escalates = sql`, ${isoTime(escalatesAt(hours))} as escalates_at`;
    const rows = await namedRowsOf<QueueRow & Pick<AppVideoReviewRow, 'escalates_at'> & { total: number }>(
      db,
      queueRowsSql(scope, { limit: APP_QUEUE_LIMIT, offset: 0 }, escalates),
    );
    const data: AppVideoReviewRow[] = withVideoLinks(linksFor(request), withoutTotal(rows));
    return { data, status: 'success' as const, total: data.length };
  });

  registerApp(app, OPS.verdict, async ({ request, body: input }) => {
    const volunteer = appUserOf(request).id;
    const id = idOf(request, VIDEO_NOT_FOUND);
    const data = await giveVerdict(db, request, volunteersVideo(volunteer, id), input, { volunteer });
    return { data, status: 'success' as const, message: successMessage('Verdict', 'created') };
  });
}
