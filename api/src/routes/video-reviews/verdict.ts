import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { VideoVerdict, VideoVerdictInput } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { lockPatientsOf } from '../../ledger';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { patientOfVideoSql, storedVerdict, type StoredVerdict, type VideoInScope } from './repository';

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
  reviewed_by_volunteer: v.reviewed_by_volunteer,
});

/** Who gives a verdict: a staff account (who may correct one or not), or the volunteer of the video's day in the app. */
export type Reviewer = { user: number; mayCorrect: boolean } | { volunteer: number };

/**
 * A verdict on a patient's video, the one way staff and volunteers give it (docs/decisions/0175,
 * 0176, 0203): the video's patient is found in the reviewer's scope and its row locked in one
 * statement (none: 404; the order every write of records takes, ledger/lock.ts), the verdict read
 * after the lock (a verdict given meanwhile is seen), then written with who gave it and the
 * patient's roll-up updated in one statement, in one transaction with its audit entry (`before`:
 * the earlier verdict, its history).
 */
export async function giveVerdict(
  db: Database,
  request: FastifyRequest,
  video: VideoInScope,
  input: VideoVerdictInput,
  reviewer: Reviewer,
): Promise<VideoVerdict> {
  return mutate(db, request, async (tx) => {
    const locked = await lockPatientsOf(tx, patientOfVideoSql(video));
    const before = locked.ids.length ? await storedVerdict(tx, video) : undefined;
    if (!before || !locked.ids.includes(before.patient_id)) throw notFound(VIDEO_NOT_FOUND);
    // The volunteer's review of the day decides it (docs/decisions/0130): a verdict here would not.
    if (before.day_reviewed_by_volunteer) throw conflict(REVIEWED_BY_VOLUNTEER);
    const corrected = before.review_dose_taken !== null;
    if (corrected && !('user' in reviewer && reviewer.mayCorrect)) throw conflict(ALREADY_REVIEWED);
    const [user, volunteer] = 'user' in reviewer ? [reviewer.user, null] : [null, reviewer.volunteer];
    // The answer's columns from the update itself: no read of the video again.
    const written = await locked.writeVerdict(
      before,
      sql`update dots set review_dose_taken = ${input.dose_taken}, review_remark = ${input.remark ?? null},
        reviewed_at = now(), reviewed_by = ${user}, reviewed_by_volunteer = ${volunteer}, updated_at = now()
        where id = ${before.id} returning id, patient_id, date, work, review_dose_taken, reviewed_at`,
    );
    const after: StoredVerdict = {
      ...before,
      review_dose_taken: input.dose_taken,
      review_remark: input.remark ?? null,
      reviewed_at: written.reviewed_at,
      reviewed_by: user,
      reviewed_by_volunteer: volunteer,
    };
    return {
      audit: {
        action: 'update',
        entity: 'dots',
        entity_id: before.id,
        before: verdictOf(before),
        after: verdictOf(after),
      },
      result: {
        id: before.id,
        patient_id: after.patient_id,
        date: after.date,
        dose_taken: after.review_dose_taken!,
        remark: after.review_remark,
        reviewed_at: after.reviewed_at!,
        reviewed_by: after.reviewed_by,
        reviewed_by_volunteer: after.reviewed_by_volunteer,
        corrected,
      },
    };
  });
}
