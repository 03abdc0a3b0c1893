import { and, asc, count, eq, exists, isNotNull, or, sql } from 'drizzle-orm';
import { PROGRAMME_TIMEZONE } from '@vot/shared/domain';
import type { DashboardQuery, VolunteerDashboard } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { communities, townships, trainings, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../http/auth';
import { countWhere, dateIn, dayIn, townshipIn } from './period';
import { visitors } from './visit-counts';

/**
 * The day a volunteer joined the programme (docs/figures.md): their first training, or the day they
 * were entered (in Yangon) when they have no training yet.
 */
const JOINED = sql`coalesce((select min(${trainings.date}) from ${trainings} where ${trainings.volunteer_id} = ${volunteers.id}), (${volunteers.created_at} at time zone ${sql.raw(`'${PROGRAMME_TIMEZONE}'`)})::date)`;

/**
 * GET volunteer-dashboard. The profile (township, age, education) is of the active volunteers who
 * joined in the period (JOINED); reported and trained are of every active volunteer of the township
 * who reported (an own visit or video review, or a community activity) or trained on a day of the period.
 * Volunteers in the trash are in none of them. "Reported a visit record" asks the visit roll-up
 * for the period's whole months and the records for its other days (visit-counts.ts).
 */
export async function volunteerDashboard(
  db: Database,
  user: RequestUser,
  q: DashboardQuery,
): Promise<VolunteerDashboard> {
  const active = and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, q));
  // Without dates every volunteer has joined: no first training to look up.
  const registered = q.start_date || q.end_date ? and(active, dateIn(JOINED, q)) : active;
  const visited = visitors(db, volunteers.id, q, (townshipId) => townshipIn(townshipId, user, q));
  const reported = or(
    visited.inMonths,
    visited.onDays && isNotNull(visited.onDays.id),
    exists(
      db
        .select({ one: sql`1` })
        .from(communities)
        .where(and(eq(communities.volunteer_id, volunteers.id), dayIn(communities.date, q))),
    ),
  )!;
  const trained = exists(
    db
      .select({ one: sql`1` })
      .from(trainings)
      .where(and(eq(trainings.volunteer_id, volunteers.id), dayIn(trainings.date, q))),
  );

  const [profile, byTownship, activity] = await Promise.all([
    db
      .select({
        total: count(),
        less_18: countWhere(sql`${volunteers.age} < 18`),
        between_18_30: countWhere(sql`${volunteers.age} between 18 and 30`),
        greater_30: countWhere(sql`${volunteers.age} > 30`),
        primary: countWhere(eq(volunteers.education_status, 'Primary')),
        secondary: countWhere(eq(volunteers.education_status, 'Secondary')),
        higher: countWhere(eq(volunteers.education_status, 'Higher')),
      })
      .from(volunteers)
      .where(registered),
    db
      .select({ name: townships.name, volunteers: count() })
      .from(volunteers)
      .innerJoin(townships, eq(townships.id, volunteers.township_id))
      .where(registered)
      .groupBy(townships.id, townships.name)
      .orderBy(asc(townships.name)),
    visited.onDays
      ? db
          .select({ reported: countWhere(reported), trained: countWhere(trained) })
          .from(volunteers)
          .leftJoin(visited.onDays, eq(visited.onDays.id, volunteers.id))
          .where(active)
      : db
          .select({ reported: countWhere(reported), trained: countWhere(trained) })
          .from(volunteers)
          .where(active),
  ]);
  const p = profile[0]!;
  return {
    total_volunteers: p.total,
    by_township: byTownship.map((r) => ({ name: r.name, counts: { volunteers: r.volunteers } })),
    by_age: { less_18: p.less_18, between_18_30: p.between_18_30, greater_30: p.greater_30 },
    by_education_status: { primary: p.primary, secondary: p.secondary, higher: p.higher },
    reported_volunteers: activity[0]!.reported,
    trained_volunteer: activity[0]!.trained,
  };
}
