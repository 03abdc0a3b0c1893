import type { FastifyInstance } from 'fastify';
import { PATIENT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import { VIDEO_REVIEW_OPERATIONS as OPS } from '@vot/shared/operations';
import { can } from '@vot/shared/permissions';
import { sql } from 'drizzle-orm';
import { visitFileLinks } from '../../files/visit-links';
import { lockPatients, refreshLedgers } from '../../ledger';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import { register } from '../../lib/operations';
import { pagingOf } from '../../lib/paging';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../plugins/auth';
import { reviewQueue, videoInScope, type StoredVerdict } from './repository';

export const VIDEO_NOT_FOUND = 'Video not found.';
export const ALREADY_REVIEWED = 'This video has already been reviewed!';
export const REVIEWED_BY_VOLUNTEER = "This video has been reviewed by the patient's volunteer!";

/** The verdict columns of a video, as the audit log keeps them (the history of its verdicts). */
const verdictOf = (v: StoredVerdict) => ({
  id: v.id,
  patient_id: v.patient_id,
  date: v.date,
  review_dose_taken: v.review_dose_taken,
  review_remark: v.review_remark,
  reviewed_at: v.reviewed_at,
  reviewed_by: v.reviewed_by,
});

/**
 * The video review queue (docs/decisions/0173–0175), served from its declared operations
 * (@vot/shared/operations): GET video-reviews, the videos of the user's townships awaiting a
 * verdict with their signed links, and POST video-reviews/{id}, a verdict stored on the video's
 * record with the ledger's roll-up refreshed in the same transaction. Scoped like every patient
 * route: another township's video is a 404.
 */
export default async function videoReviewRoutes(app: FastifyInstance) {
  const { db } = app;

  register(app, OPS.queue, async ({ request }) => {
    const { data, total } = await reviewQueue(db, signedInUser(request), pagingOf(request, PATIENT_PAGE_SIZE, 'first'));
    const signer = linksFor(request);
    const rows = data.map(({ uuid, video, ...row }) => ({
      ...row,
      video_url: visitFileLinks(signer, { uuid, video, sign: null }).video_url,
    }));
    return { data: rows, status: 'success' as const, total };
  });

  register(app, OPS.verdict, async ({ request, body: input }) => {
    const user = signedInUser(request);
    const id = idOf(request, VIDEO_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const found = await videoInScope(tx, user, id);
      if (!found) throw notFound(VIDEO_NOT_FOUND);
      // The patient's row before its record, in the app upload's order (ledger/lock.ts); then the
      // verdict read again, so a verdict given meanwhile is seen.
      await lockPatients(tx, [found.patient_id]);
      const before = (await videoInScope(tx, user, id))!;
      // The volunteer's review of the day decides it (docs/decisions/0130): a verdict here would not.
      if (before.reviewed_by_volunteer) throw conflict(REVIEWED_BY_VOLUNTEER);
      const corrected = before.review_dose_taken !== null;
      if (corrected && !can(user, 'video-reviews', 'update')) throw conflict(ALREADY_REVIEWED);
      await tx.execute(
        sql`update dots set review_dose_taken = ${input.dose_taken}, review_remark = ${input.remark ?? null},
          reviewed_at = now(), reviewed_by = ${user.id}, updated_at = now() where id = ${id}`,
      );
      await refreshLedgers(tx, [before.patient_id], { locked: true });
      const after = (await videoInScope(tx, user, id))!;
      return {
        audit: { action: 'update', entity: 'dots', entity_id: id, before: verdictOf(before), after: verdictOf(after) },
        result: {
          id,
          patient_id: after.patient_id,
          date: after.date,
          dose_taken: after.review_dose_taken!,
          remark: after.review_remark,
          reviewed_at: after.reviewed_at!,
          reviewed_by: after.reviewed_by!,
          corrected,
        },
      };
    });
    return { data, status: 'success' as const, message: successMessage('Verdict', corrected(data)) };
  });
}

/** The notice's verb: a first verdict is recorded, a correction updated. */
const corrected = (v: { corrected: boolean }) => (v.corrected ? 'updated' : 'created');
