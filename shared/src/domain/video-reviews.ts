/**
 * Who reviews a patient's own video first (docs/decisions/0176-volunteer-reviews-first.md): the
 * volunteer of its day, in the app, for this many hours after the video arrives; then it is
 * escalated to the staff's queue. Well inside the 72 hours after which an unreviewed video counts as
 * observed, not verified (docs/decisions/0130): staff have two days of it left. The API's
 * VOT_VIDEO_REVIEW_ESCALATION_HOURS may set another (at most that review time).
 */
export const VIDEO_REVIEW_ESCALATION_HOURS = 24;
/** The longest escalation an operator may set: the review time of docs/decisions/0130. */
export const VIDEO_REVIEW_ESCALATION_MAX_HOURS = 72;
