// The schemas' own file, not their index (operations never load every form's schema).
import { videoVerdictSchema, type VideoReviewRow, type VideoVerdict } from '../schemas/video-reviews';
import { item, list, operation } from './operation';

/** The video review queue (docs/decisions/0173–0175): the queue, and a verdict on one video. */
export const VIDEO_REVIEW_OPERATIONS = {
  queue: operation({
    method: 'GET',
    path: '/video-reviews',
    permission: { resource: 'video-reviews', action: 'read' },
    summary: "The patients' own videos of the user's townships awaiting a verdict, oldest first",
    paged: true,
    answer: list<VideoReviewRow>('VideoReviewRow'),
  }),
  verdict: operation({
    method: 'POST',
    path: '/video-reviews/:id',
    permission: { resource: 'video-reviews', action: 'create' },
    summary:
      "A verdict on a patient's own video (dose taken or not): the ledger's day follows it; a given verdict is corrected only by a role that may (video-reviews update), else 409",
    body: videoVerdictSchema,
    refusals: [404, 409],
    answer: item<VideoVerdict>('VideoVerdict'),
  }),
};
