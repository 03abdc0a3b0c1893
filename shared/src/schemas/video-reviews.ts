import * as yup from 'yup';
import { optionalText } from './fields';
import { required } from './messages';

/**
 * The video review queue (docs/decisions/0174-video-review-queue.md): a reviewer's verdict on a
 * patient's own video (work 3), and the rows of the queue. The screen and the API validate with these.
 */

export const videoVerdictSchema = yup.object({
  /** The dose was taken in the video (true) or not (false). */
  dose_taken: yup.boolean().strict().typeError(required('Dose taken')).required(required('Dose taken')),
  remark: optionalText(),
});
export type VideoVerdictInput = yup.InferType<typeof videoVerdictSchema>;

/** A patient's video awaiting a verdict: a row of GET video-reviews. */
export interface VideoReviewRow {
  /** The video's visit record (dots) id: POST video-reviews/{id}. */
  id: number;
  /** The dose day the video shows. */
  date: string;
  patient: {
    id: number;
    name: string;
    SP_code: string | null;
    RR_code: string | null;
    DRTB_code: string | null;
  };
  township: { id: number; name: string } | null;
  /** The patient's volunteer on that day (its change-volunteer entry), if any. */
  volunteer: { id: number; name: string; code: string } | null;
  /** When the video arrived (ISO 8601, UTC). */
  sent_at: string;
  /** Whole hours since it arrived. */
  hours_waited: number;
  late_remark: string | null;
  /** The video behind a signed link (15 minutes; answers byte ranges), null when no file was stored. */
  video_url: string | null;
}

/**
 * A video awaiting its volunteer's verdict in the app: a row of GET app/video-reviews
 * (docs/decisions/0176-volunteer-reviews-first.md).
 */
export interface AppVideoReviewRow extends VideoReviewRow {
  /** When it goes to the staff's queue unless the volunteer gives a verdict first (ISO 8601, UTC). */
  escalates_at: string;
}

/** A video's verdict as stored. */
export interface VideoVerdict {
  id: number;
  patient_id: number;
  date: string;
  dose_taken: boolean;
  remark: string | null;
  reviewed_at: string;
  /** The staff account that gave it; null when the volunteer did, in the app. */
  reviewed_by: number | null;
  /** The volunteer who gave it in the app (docs/decisions/0176); null when staff did. */
  reviewed_by_volunteer: number | null;
  /** True when it replaced an earlier verdict (the earlier one is in the audit log). */
  corrected: boolean;
}
