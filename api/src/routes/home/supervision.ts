import { sql, type SQL } from 'drizzle-orm';
import { PROGRAMME_TIMEZONE } from '@vot/shared/domain';
import { MATRIX } from '@vot/shared/permissions';
import { REVIEW_TARGET_HOURS, type StaffActivity, type SupervisedTownship } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { townshipScope } from '../../lib/scope';
import type { RequestUser } from '../../http/auth';
import { listConditions } from '../patients/repository';

/**
 * The supervisors' figures of the home (docs/decisions/0191-supervisors-home-figures.md), per
 * township over a period: how many of the patients' own videos were reviewed within the target, and
 * on how many weekdays each staff member who reviews and follows up signed in (the days their
 * sessions were used on: a session is opened by a sign-in and kept while used, for a day at most).
 */

export interface Period {
  start_date: string;
  end_date: string;
}

/** A patient's own video (the app's work 3) and a volunteer's review of it (work 2). */
const VIDEO_SENT = 3;
const VOLUNTEER_REVIEW = 2;
/** Those whose sign-ins are counted: the roles that review videos and follow patients up. */
const REVIEWING_ROLES = [...MATRIX['video-reviews'].read];

const TZ = sql.raw(`'${PROGRAMME_TIMEZONE}'`);

interface TimelinessRow {
  township_id: number | null;
  videos: number;
  reviewed_in_time: number;
  reviewed_late: number;
  not_reviewed: number;
}

/**
 * The videos of dose days in the period, of the active patients of the user's townships (and the
 * chosen one), by township. A video is reviewed when it has a verdict, or else when the volunteer
 * reviewed its day; one still awaiting within its target is not yet due and not counted.
 */
function timeliness(db: Database, user: RequestUser, period: Period, townshipId?: number) {
  const target = sql.raw(`interval '${REVIEW_TARGET_HOURS} hours'`);
  return rowsOf<TimelinessRow>(
    db,
    sql`with v as (
        select patients.township_id, d.created_at as sent_at,
          -- A verdict and a volunteer's record of the day do not both decide a video (a verdict on a
          -- day the volunteer reviewed is refused): the day's record is looked up only for a video
          -- without one whose day the volunteer reviewed (docs/decisions/0201).
          coalesce(d.reviewed_at, case when d.day_reviewed_by_volunteer then (select min(r.created_at) from dots r
            where r.patient_id = d.patient_id and r.date = d.date and r.work = ${sql.raw(String(VOLUNTEER_REVIEW))}) end) as reviewed_at
        from dots d join patients on patients.id = d.patient_id
        where d.work = ${sql.raw(String(VIDEO_SENT))} and d.video is not null
          and d.date between ${period.start_date}::date and ${period.end_date}::date
          and ${listConditions(user, { list: 'all', townshipIds: townshipId ? [townshipId] : [] })}
      )
      select township_id,
        count(*) filter (where reviewed_at is not null or now() > sent_at + ${target})::int as videos,
        count(*) filter (where reviewed_at <= sent_at + ${target})::int as reviewed_in_time,
        count(*) filter (where reviewed_at > sent_at + ${target})::int as reviewed_late,
        count(*) filter (where reviewed_at is null and now() > sent_at + ${target})::int as not_reviewed
      from v group by township_id`,
  );
}

/** The staff of the user's townships (and the chosen one) in the reviewing roles, with their weekdays signed in. */
function staffActivity(db: Database, user: RequestUser, period: Period, townshipId?: number) {
  const scope = townshipScope(user);
  const conditions: SQL[] = [
    sql`u.role in (${sql.join(
      REVIEWING_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})`,
  ];
  if (scope !== null) conditions.push(scope.length ? sql`ut.township_id in ${scope}` : sql`false`);
  if (townshipId) conditions.push(sql`ut.township_id = ${townshipId}`);
  const from = sql`(${period.start_date}::date::timestamp at time zone ${TZ})`;
  const to = sql`((${period.end_date}::date + 1)::timestamp at time zone ${TZ})`;
  // A session is used from its sign-in to its last request (within its absolute expiry): each day
  // it was used on counts, not only the day it began (one opened at night and used past midnight).
  return rowsOf<StaffActivity & { township_id: number | null }>(
    db,
    sql`select u.id, u.name, u.role, ut.township_id,
        count(distinct a.day) filter (where extract(isodow from a.day) < 6 and a.day between ${period.start_date}::date and ${period.end_date}::date)::int
          as days_signed_in
      from users u
      left join user_townships ut on ut.user_id = u.id
      left join lateral (
        select generate_series((s.created_at at time zone ${TZ})::date, (s.last_seen_at at time zone ${TZ})::date, interval '1 day')::date as day
        from sessions s where s.user_id = u.id and s.last_seen_at >= ${from} and s.created_at < ${to}
      ) a on true
      where ${sql.join(conditions, sql` and `)}
      group by u.id, u.name, u.role, ut.township_id
      order by u.name, u.id`,
  );
}

/** Monday-to-Friday days from start to end (yyyy-mm-dd, both counted). */
export function weekdaysIn({ start_date, end_date }: Period): number {
  let n = 0;
  for (let t = Date.parse(`${start_date}T00:00:00Z`); t <= Date.parse(`${end_date}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) n++;
  }
  return n;
}

/** Per township (by name; the staff of no township last): its videos' timeliness and its staff's sign-ins. */
export async function supervisedTownships(
  db: Database,
  user: RequestUser,
  period: Period,
  townshipId?: number,
): Promise<SupervisedTownship[]> {
  const [videos, staff] = await Promise.all([
    timeliness(db, user, period, townshipId),
    staffActivity(db, user, period, townshipId),
  ]);
  const ids = [...new Set([...videos, ...staff].map((r) => r.township_id).filter((id): id is number => id !== null))];
  const names = ids.length
    ? await rowsOf<{ id: number; name: string }>(db, sql`select id, name from townships where id in ${ids}`)
    : [];
  const nameOf = new Map(names.map((t) => [t.id, t.name]));
  const byTownship = new Map<number | null, SupervisedTownship>();
  const entry = (id: number | null) => {
    let t = byTownship.get(id);
    if (!t) {
      t = {
        township: id === null ? null : { id, name: nameOf.get(id) ?? '' },
        videos: 0,
        reviewed_in_time: 0,
        reviewed_late: 0,
        not_reviewed: 0,
        staff: [],
      };
      byTownship.set(id, t);
    }
    return t;
  };
  for (const { township_id, ...figures } of videos) Object.assign(entry(township_id), figures);
  for (const { township_id, ...person } of staff) entry(township_id).staff.push(person);
  return [...byTownship.values()].sort((a, b) =>
    a.township === null ? 1 : b.township === null ? -1 : a.township.name.localeCompare(b.township.name),
  );
}
