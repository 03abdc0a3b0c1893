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
 * The queue's condition on `dots d` joined to `patients`. A record whose video has not arrived
 * (stored first, its video still uploading or missing: docs/decisions/0141) has nothing to watch yet.
 */
const awaitingWhere = (user: RequestUser) =>
  and(
    sql`d.work = ${sql.raw(String(VIDEO_SENT))} and d.video is not null and d.review_dose_taken is null
      and not ${REVIEWED_BY_VOLUNTEER}`,
    listConditions(user, { list: 'all', townshipIds: [] }),
  );

/** A queue row as read, with the stored video's name for its signed link. */
export type QueueRow = Omit<VideoReviewRow, 'video_url'> & { uuid: string; video: string | null };

/** A page of the queue, oldest day first (then first sent), and its total. */
export async function reviewQueue(
  db: Database,
  user: RequestUser,
  paging: Paging,
): Promise<{ data: QueueRow[]; total: number }> {
  const where = awaitingWhere(user);
  const [data, totals] = await Promise.all([
    rowsOf<QueueRow>(
      db,
      sql`select d.id, d.uuid, d.video, d.date::text as date, d.late_remark,
          json_build_object('id', patients.id, 'name', patients.name, 'SP_code', patients."SP_code",
            'RR_code', patients."RR_code", 'DRTB_code', patients."DRTB_code") as patient,
          case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as township,
          case when v.id is null then null else json_build_object('id', v.id, 'name', v.name, 'code', v.code) end as volunteer,
          ${isoTime(sql`d.created_at`)} as sent_at,
          floor(extract(epoch from (now() - d.created_at)) / 3600)::int as hours_waited
        from dots d
        join patients on patients.id = d.patient_id
        left join townships t on t.id = patients.township_id
        left join change_volunteers cv on cv.id = d.change_volunteer_id
        left join volunteers v on v.id = cv.volunteer_id
        where ${where}
        order by d.date, d.id
        limit ${paging.limit ?? null} offset ${paging.offset}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from dots d join patients on patients.id = d.patient_id where ${where}`,
    ),
  ]);
  return { data, total: totals[0]?.total ?? 0 };
}

/** How many videos of the user's townships await a verdict: the queue's total (the home's count). */
export async function queueTotal(db: Database, user: RequestUser): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from dots d join patients on patients.id = d.patient_id where ${awaitingWhere(user)}`,
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
  reviewed_by_volunteer: boolean;
}

/**
 * A patient's video of the user's townships (404 otherwise, by the caller), with its verdict; in
 * the caller's transaction after the patient's lock, so two verdicts on one video come one after
 * the other and the second sees the first.
 */
export async function videoInScope(tx: Database, user: RequestUser, id: number): Promise<StoredVerdict | undefined> {
  const [row] = await rowsOf<StoredVerdict>(
    tx,
    sql`select d.id, d.patient_id, d.date::text as date, d.review_dose_taken, d.review_remark,
        ${isoTime(sql`d.reviewed_at`)} as reviewed_at, d.reviewed_by, ${REVIEWED_BY_VOLUNTEER} as reviewed_by_volunteer
      from dots d join patients on patients.id = d.patient_id
      where ${and(sql`d.id = ${id} and d.work = ${sql.raw(String(VIDEO_SENT))}`, listConditions(user, { list: 'all', townshipIds: [] }))}`,
  );
  return row;
}
