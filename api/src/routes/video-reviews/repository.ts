import { and, sql, type SQL } from 'drizzle-orm';
import type { VideoReviewRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Paging } from '../../lib/paging';
import type { RequestUser } from '../../plugins/auth';
import { listConditions } from '../patients/repository';

/**
 * The video review queue (docs/decisions/0174-video-review-queue.md): the patients' own videos
 * (work 3) awaiting a verdict, of the active patients of the user's townships (the patient lists'
 * scope). A video awaits while it has no verdict of its own and no volunteer's video review (work 2)
 * of its patient and day decides that day instead (docs/decisions/0130-dose-verdicts.md). A late
 * video stays in the queue after its review time: its verdict still decides the day.
 */

/** A patient's own video (the app's work 3). */
export const VIDEO_SENT = 3;
/** A volunteer's review of the patient's video (work 2): a record of the day, which decides it. */
const VOLUNTEER_REVIEW = 2;

/** A timestamp as the API answers it (ISO 8601, UTC), whichever driver reads it. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The record `d` (of dots) is decided by a volunteer's review of its patient's day. */
export const REVIEWED_BY_VOLUNTEER = sql`exists (select 1 from dots r where r.patient_id = d.patient_id
  and r.date = d.date and r.work = ${sql.raw(String(VOLUNTEER_REVIEW))})`;

/**
 * A patient's video (`dots d`) awaiting a verdict. A record whose video has not arrived (stored
 * first, its video still uploading or missing: docs/decisions/0141) has nothing to watch yet. The
 * partial indexes dots_awaiting_review_idx and dots_awaiting_review_entry_idx hold exactly these.
 */
export const AWAITING_REVIEW = sql`d.work = ${sql.raw(String(VIDEO_SENT))} and d.video is not null
  and d.review_dose_taken is null and not ${REVIEWED_BY_VOLUNTEER}`;

/** When a video `d` leaves its volunteer for the staff's queue: its arrival plus the escalation hours. */
export const escalatesAt = (hours: number) => sql`(d.created_at + make_interval(hours => ${hours}::int))`;

/**
 * The video `d` is the staff's to review (docs/decisions/0176): its volunteer's time is over, or
 * no active volunteer was the patient's on its day (no app account to review it in).
 */
const escalated = (hours: number) =>
  sql`(${escalatesAt(hours)} <= now() or not exists (select 1 from change_volunteers e
    join volunteers ev on ev.id = e.volunteer_id and ev.status = 1 where e.id = d.change_volunteer_id))`;

/** The staff queue's condition on `dots d` joined to `patients`: in the user's townships, escalated. */
const awaitingWhere = (user: RequestUser, escalationHours: number) =>
  and(
    sql`${AWAITING_REVIEW} and ${escalated(escalationHours)}`,
    listConditions(user, { list: 'all', townshipIds: [] }),
  );

/** A queue row as read, with the stored video's name for its signed link. */
export type QueueRow = Omit<VideoReviewRow, 'video_url'> & { uuid: string; video: string | null };

/** The rows of a queue (`dots d` joined to `patients`) where `where`, oldest day first (then first sent). */
export const queueRowsSql = (where: SQL | undefined, page: { limit: number | null; offset: number }, extra = sql``) =>
  sql`select d.id, d.uuid, d.video, d.date::text as date, d.late_remark,
      json_build_object('id', patients.id, 'name', patients.name, 'SP_code', patients."SP_code",
        'RR_code', patients."RR_code", 'DRTB_code', patients."DRTB_code") as patient,
      case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as township,
      case when v.id is null then null else json_build_object('id', v.id, 'name', v.name, 'code', v.code) end as volunteer,
      ${isoTime(sql`d.created_at`)} as sent_at,
      floor(extract(epoch from (now() - d.created_at)) / 3600)::int as hours_waited ${extra}
    from dots d
    join patients on patients.id = d.patient_id
    left join townships t on t.id = patients.township_id
    left join change_volunteers cv on cv.id = d.change_volunteer_id
    left join volunteers v on v.id = cv.volunteer_id
    where ${where}
    order by d.date, d.id
    limit ${page.limit} offset ${page.offset}`;

/** A page of the staff's queue, oldest day first (then first sent), and its total. */
export async function reviewQueue(
  db: Database,
  user: RequestUser,
  paging: Paging,
  escalationHours: number,
): Promise<{ data: QueueRow[]; total: number }> {
  const where = awaitingWhere(user, escalationHours);
  const [data, totals] = await Promise.all([
    rowsOf<QueueRow>(db, queueRowsSql(where, { limit: paging.limit ?? null, offset: paging.offset })),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from dots d join patients on patients.id = d.patient_id where ${where}`,
    ),
  ]);
  return { data, total: totals[0]?.total ?? 0 };
}

/** How many videos of the user's townships await a staff verdict: the queue's total (the home's count). */
export async function queueTotal(db: Database, user: RequestUser, escalationHours: number): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from dots d join patients on patients.id = d.patient_id
      where ${awaitingWhere(user, escalationHours)}`,
  );
  return row?.total ?? 0;
}

/** A video's verdict columns, as the audit keeps them and the answer gives them. */
export interface StoredVerdict {
  id: number;
  patient_id: number;
  date: string;
  review_dose_taken: boolean | null;
  review_remark: string | null;
  reviewed_at: string | null;
  reviewed_by: number | null;
  reviewed_by_volunteer: number | null;
  /** A volunteer's video review (work 2) of the patient's day decides it instead. */
  day_reviewed_by_volunteer: boolean;
}

/** A patient's video (work 3) with its verdict, where `scope` (on `dots d` joined to `patients`). */
async function storedVerdict(tx: Database, id: number, scope: SQL | undefined): Promise<StoredVerdict | undefined> {
  const [row] = await rowsOf<StoredVerdict>(
    tx,
    sql`select d.id, d.patient_id, d.date::text as date, d.review_dose_taken, d.review_remark,
        ${isoTime(sql`d.reviewed_at`)} as reviewed_at, d.reviewed_by, d.reviewed_by_volunteer,
        ${REVIEWED_BY_VOLUNTEER} as day_reviewed_by_volunteer
      from dots d join patients on patients.id = d.patient_id
      where ${and(sql`d.id = ${id} and d.work = ${sql.raw(String(VIDEO_SENT))}`, scope)}`,
  );
  return row;
}

/**
 * A patient's video of the user's townships (404 otherwise, by the caller), with its verdict; in
 * the caller's transaction after the patient's lock, so two verdicts on one video come one after
 * the other and the second sees the first.
 */
export const videoInScope = (tx: Database, user: RequestUser, id: number) =>
  storedVerdict(tx, id, listConditions(user, { list: 'all', townshipIds: [] }));

/** The videos of a volunteer's days (`dots d`): their change-volunteer entry is the volunteer's, of an active patient. */
export const volunteersDays = (volunteerId: number) =>
  sql`patients.status = 1 and exists (select 1 from change_volunteers e
    where e.id = d.change_volunteer_id and e.volunteer_id = ${volunteerId})`;

/** A patient's video of one of the volunteer's days (404 otherwise, by the caller), with its verdict. */
export const volunteersVideo = (tx: Database, volunteerId: number, id: number) =>
  storedVerdict(tx, id, volunteersDays(volunteerId));
