import { call } from '@vot/shared/api';
import { VIDEO_REVIEW_OPERATIONS as OPS } from '@vot/shared/operations';
import type { VideoVerdictInput } from '@vot/shared/schemas';

/** The video review queue's calls, by their declared operations: a page of the queue, a verdict. */
export const videoReviewsApi = {
  list: (params: Record<string, unknown>, signal: AbortSignal) =>
    call(OPS.queue, { query: params }, { signal, quiet: true }),
  verdict: (id: number, input: VideoVerdictInput) => call(OPS.verdict, { params: { id }, body: input }),
};
