import { and, sql, type SQL } from 'drizzle-orm';
import type { VideoReviewRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { isoTime, namedRowsOf, rowsOf, withoutTotal } from '../../db/rows';
import type { Paging } from '../../lib/paging';
import type { RequestUser } from '../../http/auth';
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
/**
 * The video `d` is decided by a volunteer's review (work 2) of its patient's day: a column the
 * triggers on dots keep (docs/decisions/0201), so no probe of the day's records.
 */
export const REVIEWED_BY_VOLUNTEER = sql`d.day_reviewed_by_volunteer`;

/**
 * A patient's video (`dots d`) awaiting a verdict: none of its own, and no volunteer's review of its
 * day deciding the day instead. A record whose video has not arrived (stored first, its video still
 * uploading or missing: docs/decisions/0141) has nothing to watch yet. Exactly what the partial
 * indexes dots_awaiting_review_idx and _entry_idx hold.
 */
const AWAITING_VERDICT = sql`d.work = ${sql.raw(String(VIDEO_SENT))} and d.video is not null and d.review_dose_taken is null
  and not ${REVIEWED_BY_VOLUNTEER}`;

/** When a video `d` leaves its volunteer for the staff's queue: its arrival plus the escalation hours. */
export const escalatesAt = (hours: number) => sql`(d.created_at + make_interval(hours => ${hours}::int))`;

/**
 * The video `d` is the staff's to review (docs/decisions/0176): its volunteer's time is over, or
 * no active volunteer was the patient's on its day (no app account to review it in). The entry's
 * volunteer is probed per video, and only for one still within its volunteer's time.
 */
const escalated = (hours: number) =>
  sql`(${escalatesAt(hours)} <= now() or coalesce((select ev.status from change_volunteers e
    join volunteers ev on ev.id = e.volunteer_id where e.id = d.change_volunteer_id), 0) <> 1)`;

/**
 * The change-volunteer entries without an active volunteer (none named, or one not active): read
 * once per statement, from the entries' volunteer index, into a set each video is looked up in.
 */
const ENTRIES_WITHOUT_ACTIVE_VOLUNTEER = sql`(select e.id from change_volunteers e where e.volunteer_id is null
  union all select e.id from volunteers ev join change_volunteers e on e.volunteer_id = ev.id where ev.status is distinct from 1)`;

/**
 * escalated for the nation's queue, whose videos still within their volunteer's time are one a
 * patient a day (thousands): each looked up in the set of entries without an active volunteer
 * instead of two index probes each (docs/decisions/0206). The same videos.
 */
const escalatedOfMany = (hours: number) =>
  sql`(${escalatesAt(hours)} <= now() or d.change_volunteer_id is null or d.change_volunteer_id in ${ENTRIES_WITHOUT_ACTIVE_VOLUNTEER})`;

/** Which videos awaiting a verdict a queue holds. */
export interface QueueScope {
  /** A narrower condition on the videos alone (`dots d`), read from the partial index: a volunteer's entries. */
  videos?: SQL;
  /**
   * The queue's condition on the video `d` (its id, day, patient, arrival and entry) and its
   * `patients` row, probed by the patient's key for each video (or, for few patients, joined).
   */
  where: SQL | undefined;
  /**
   * The queue's patients are few (a Field Officer's townships): read them first (the township
   * index), then each one's awaiting videos (dots_awaiting_review_patient_idx), not every awaiting
   * video of the nation checked against its patient (docs/decisions/0202).
   */
  fewPatients?: boolean;
}

/** The staff queue: the user's townships' videos, escalated. */
function staffQueue(user: RequestUser, escalationHours: number): QueueScope {
  const patientsInScope = listConditions(user, { list: 'all', townshipIds: [] });
  return user.township_ids.length > 0
    ? { where: and(escalated(escalationHours), patientsInScope), fewPatients: true }
    : { videos: escalatedOfMany(escalationHours), where: patientsInScope };
}

/**
 * The videos of a queue by id and day: the videos awaiting a verdict read from a partial index
 * alone (a statement of their own, so the planner does not trade that small index for the larger
 * ones of every video), then those in the queue's scope; or, for few patients, their videos.
 */
const queuedSql = (scope: QueueScope) =>
  scope.fewPatients
    ? sql`q as materialized (
      select d.id, d.date from patients join dots d on d.patient_id = patients.id and ${AWAITING_VERDICT}
      ${scope.where ? sql` where ${scope.where}` : sql``}
    )`
    : sql`a as materialized (
      select d.id, d.date, d.patient_id, d.created_at, d.change_volunteer_id from dots d
      where ${AWAITING_VERDICT}${scope.videos ? sql` and ${scope.videos}` : sql``}
    ),
    q as materialized (
      select d.id, d.date from a d${scope.where ? sql` where exists (select 1 from patients where patients.id = d.patient_id and ${scope.where} offset 0)` : sql``}
    )`;

/** A queue row as read, with the stored video's name for its signed link. */
export type QueueRow = Omit<VideoReviewRow, 'video_url'> & { uuid: string; video: string | null };

/**
 * A page of a queue, oldest day first (then first sent), each row with the queue's total: the
 * videos are found and counted once, by id and day alone, and the patient, township and volunteer
 * are read for the page's rows only.
 */
export const queueRowsSql = (scope: QueueScope, page: { limit: number | null; offset: number }, extra = sql``) =>
  sql`with ${queuedSql(scope)},
    p as (select q.id, count(*) over ()::int as total from q order by q.date, q.id limit ${page.limit} offset ${page.offset})
    select d.id, d.uuid, d.video, d.date::text as date, d.late_remark,
      json_build_object('id', patients.id, 'name', patients.name, 'SP_code', patients."SP_code",
        'RR_code', patients."RR_code", 'DRTB_code', patients."DRTB_code") as patient,
      case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as township,
      case when v.id is null then null else json_build_object('id', v.id, 'name', v.name, 'code', v.code) end as volunteer,
      ${isoTime(sql`d.created_at`)} as sent_at,
      floor(extract(epoch from (now() - d.created_at)) / 3600)::int as hours_waited, p.total ${extra}
    from p
    join dots d on d.id = p.id
    join patients on patients.id = d.patient_id
    left join townships t on t.id = patients.township_id
    left join change_volunteers cv on cv.id = d.change_volunteer_id
    left join volunteers v on v.id = cv.volunteer_id
    order by d.date, d.id`;

/** A page of the staff's queue, oldest day first (then first sent), and its total. */
export async function reviewQueue(
  db: Database,
  user: RequestUser,
  paging: Paging,
  escalationHours: number,
): Promise<{ data: QueueRow[]; total: number }> {
  const rows = await namedRowsOf<QueueRow & { total: number }>(
    db,
    queueRowsSql(staffQueue(user, escalationHours), { limit: paging.limit ?? null, offset: paging.offset }),
  );
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (paging.offset ? await queueTotal(db, user, escalationHours) : 0);
  return { data: withoutTotal(rows), total };
}

/** How many videos of the user's townships await a staff verdict: the queue's total (the home's count). */
export async function queueTotal(db: Database, user: RequestUser, escalationHours: number): Promise<number> {
  const [row] = await namedRowsOf<{ total: number }>(
    db,
    sql`with ${queuedSql(staffQueue(user, escalationHours))} select count(*)::int as total from q`,
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

/**
 * A patient's video (work 3) in a reviewer's scope (`where`: a condition on the video `d` joined to
 * its `patients` row): by id, the video the verdict routes find, lock and read.
 */
export interface VideoInScope {
  id: number;
  where: SQL | undefined;
}

/** The video's patient id, when the video is in scope: a subquery (the patient's lock takes it). */
export const patientOfVideoSql = (video: VideoInScope) =>
  sql`select d.patient_id from dots d join patients on patients.id = d.patient_id
    where ${and(sql`d.id = ${video.id} and d.work = ${sql.raw(String(VIDEO_SENT))}`, video.where)}`;

/** The video with its verdict, when in scope. */
export async function storedVerdict(tx: Database, video: VideoInScope): Promise<StoredVerdict | undefined> {
  const [row] = await rowsOf<StoredVerdict>(
    tx,
    sql`select d.id, d.patient_id, d.date::text as date, d.review_dose_taken, d.review_remark,
        ${isoTime(sql`d.reviewed_at`)} as reviewed_at, d.reviewed_by, d.reviewed_by_volunteer,
        ${REVIEWED_BY_VOLUNTEER} as day_reviewed_by_volunteer
      from dots d join patients on patients.id = d.patient_id
      where ${and(sql`d.id = ${video.id} and d.work = ${sql.raw(String(VIDEO_SENT))}`, video.where)}`,
  );
  return row;
}

/** A patient's video of the user's townships (404 otherwise, by the caller). */
export const videoInScope = (user: RequestUser, id: number): VideoInScope => ({
  id,
  where: listConditions(user, { list: 'all', townshipIds: [] }),
});

/** The videos of a volunteer's days (`dots d`): their change-volunteer entry is the volunteer's, of an active patient. */
export const volunteersDays = (volunteerId: number) =>
  sql`patients.status = 1 and exists (select 1 from change_volunteers e
    where e.id = d.change_volunteer_id and e.volunteer_id = ${volunteerId})`;

/** A patient's video of one of the volunteer's days (404 otherwise, by the caller). */
export const volunteersVideo = (volunteerId: number, id: number): VideoInScope => ({
  id,
  where: volunteersDays(volunteerId),
});
