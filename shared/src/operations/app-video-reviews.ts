// The schemas' own file, not their index (operations never load every form's schema).
import { videoVerdictSchema, type AppVideoReviewRow, type VideoVerdict } from '../schemas/video-reviews';
import { appOperation, item, list } from './operation';

/**
 * The volunteer's own video review queue in the phone app (docs/decisions/0176): the videos of the
 * volunteer's days awaiting a verdict, and a verdict on one, stored as the staff's is.
 */
export const APP_VIDEO_REVIEW_OPERATIONS = {
  queue: appOperation({
    method: 'GET',
    path: '/app/video-reviews',
    caller: 'volunteer',
    summary:
      "The volunteer's patients' own videos of the volunteer's days awaiting a verdict and not yet escalated to staff, oldest first, with signed links",
    answer: list<AppVideoReviewRow>('AppVideoReviewRow'),
  }),
  verdict: appOperation({
    method: 'POST',
    path: '/app/video-reviews/:id',
    caller: 'volunteer',
    summary:
      "The volunteer's verdict on a patient's own video of their day (dose taken or not), stored and audited as a staff verdict: the ledger's day follows it; a video with a verdict already is a 409",
    body: videoVerdictSchema,
    refusals: [404, 409],
    answer: item<VideoVerdict>('VideoVerdict'),
  }),
};
