import type { FastifyInstance } from 'fastify';
import { PATIENT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import { VIDEO_REVIEW_OPERATIONS as OPS } from '@vot/shared/operations';
import { can } from '@vot/shared/permissions';
import { visitFileLinks } from '../../files/visit-links';
import { linksFor } from '../../lib/link-sessions';
import { register } from '../../lib/operations';
import { pagingOf } from '../../lib/paging';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { reviewQueue, videoInScope, type QueueRow } from './repository';
import { giveVerdict, VIDEO_NOT_FOUND } from './verdict';

export { ALREADY_REVIEWED, REVIEWED_BY_VOLUNTEER, VIDEO_NOT_FOUND } from './verdict';

/** Queue rows with their videos behind signed links, as the visit screens sign them. */
export const withVideoLinks = <R extends QueueRow>(signer: ReturnType<typeof linksFor>, rows: R[]) =>
  rows.map(({ uuid, video, ...row }) => ({
    ...row,
    video_url: visitFileLinks(signer, { uuid, video, sign: null }).video_url,
  }));

/**
 * The video review queue (docs/decisions/0173–0176), served from its declared operations
 * (@vot/shared/operations): GET video-reviews, the videos of the user's townships awaiting a
 * verdict that their volunteers left past their time (or that had none), with their signed links;
 * and POST video-reviews/{id}, a verdict stored on the video's record with the ledger's roll-up
 * refreshed in the same transaction, on any video in scope (before its escalation too). Scoped
 * like every patient route: another township's video is a 404.
 */
export default async function videoReviewRoutes(app: FastifyInstance) {
  const { db, config } = app;

  register(app, OPS.queue, async ({ request }) => {
    const paging = pagingOf(request, PATIENT_PAGE_SIZE, 'first');
    const { data, total } = await reviewQueue(db, signedInUser(request), paging, config.videoReviewEscalationHours);
    return { data: withVideoLinks(linksFor(request), data), status: 'success' as const, total };
  });

  register(app, OPS.verdict, async ({ request, body: input }) => {
    const user = signedInUser(request);
    const id = idOf(request, VIDEO_NOT_FOUND);
    const reviewer = { user: user.id, mayCorrect: can(user, 'video-reviews', 'update') };
    const data = await giveVerdict(db, request, videoInScope(user, id), input, reviewer);
    return {
      data,
      status: 'success' as const,
      message: successMessage('Verdict', data.corrected ? 'updated' : 'created'),
    };
  });
}
