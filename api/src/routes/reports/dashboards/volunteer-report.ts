import { and, count, countDistinct, eq, sql, sum, type SQL } from 'drizzle-orm';
import { VOLUNTEER_INDICATORS, type Indicators, type Series, type VolunteerReportDashboard, type VolunteerReportQuery } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { changeVolunteers, communities, communityReferrals, dots, townships, trainings, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../plugins/auth';
import { countWhere, dayIn, monthOf, townshipIn } from './period';

/**
 * GET volunteer-report-dashboard: the seven indicators of VOLUNTEER_INDICATORS (their definitions
 * are there and in docs/decisions.md) for one volunteer or every active volunteer of the township,
 * in total, by township and by month. Each source (visit records, community activities,
 * trainings) is one query with GROUPING SETS: the total, the townships and the months come from
 * the same rows, and "distinct patients" stays distinct in the total (it does not add up by month).
 */
export async function volunteerReportDashboard(db: Database, user: RequestUser, q: VolunteerReportQuery): Promise<VolunteerReportDashboard> {
  const whose = and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, q), q.volunteer_id === undefined ? undefined : eq(volunteers.id, q.volunteer_id));
  const grouped = (month: SQL<string>) => sql`grouping sets ((), (${townships.name}), (${month}))`;
  const visitMonth = monthOf(dots.date);
  const communityMonth = monthOf(communities.date);
  const trainingMonth = monthOf(trainings.date);

  const [visits, activities, trained] = await Promise.all([
    db
      .select({
        township: townships.name,
        month: visitMonth,
        indicator_1: countDistinct(dots.patient_id),
        indicator_2: countWhere(sql`${dots.work_status} is true`),
        indicator_3: countWhere(sql`${dots.work_status} is false`),
        indicator_4: countWhere(sql`coalesce(${dots.late_remark}, '') <> ''`),
      })
      .from(dots)
      .innerJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
      .innerJoin(volunteers, eq(volunteers.id, changeVolunteers.volunteer_id))
      .innerJoin(townships, eq(townships.id, volunteers.township_id))
      .where(and(whose, dayIn(dots.date, q)))
      .groupBy(grouped(visitMonth)),
    db
      .select({
        township: townships.name,
        month: communityMonth,
        indicator_5: countDistinct(communities.id),
        indicator_6: sql<number>`coalesce(${sum(communityReferrals.total)}, 0)`.mapWith(Number),
      })
      .from(communities)
      .leftJoin(communityReferrals, eq(communityReferrals.community_id, communities.id))
      .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
      .innerJoin(townships, eq(townships.id, volunteers.township_id))
      .where(and(whose, dayIn(communities.date, q)))
      .groupBy(grouped(communityMonth)),
    db
      .select({ township: townships.name, month: trainingMonth, indicator_7: count() })
      .from(trainings)
      .innerJoin(volunteers, eq(volunteers.id, trainings.volunteer_id))
      .innerJoin(townships, eq(townships.id, volunteers.township_id))
      .where(and(whose, dayIn(trainings.date, q)))
      .groupBy(grouped(trainingMonth)),
  ]);

  const zero = (): Indicators => Object.fromEntries(VOLUNTEER_INDICATORS.map((i) => [i.key, 0])) as Indicators;
  const total = zero();
  const byTownship = new Map<string, Indicators>();
  const byMonth = new Map<string, Indicators>();
  for (const row of [...visits, ...activities, ...trained]) {
    const { township, month, ...figures } = row as { township: string | null; month: string | null } & Partial<Indicators>;
    // A grouping set leaves the columns it does not group by null: both null is the total row.
    const target = township !== null ? at(byTownship, township) : month !== null ? at(byMonth, month) : total;
    Object.assign(target, figures);
  }
  function at(map: Map<string, Indicators>, key: string) {
    if (!map.has(key)) map.set(key, zero());
    return map.get(key)!;
  }
  const series = (map: Map<string, Indicators>): Series<keyof Indicators & string> =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, counts]) => ({ name, counts }));
  return { total_result: total, total_with_township_result: series(byTownship), total_with_month_year_result: series(byMonth) };
}
