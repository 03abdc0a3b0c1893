import { and, count, countDistinct, eq, inArray, sql, sum, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  VOLUNTEER_INDICATORS,
  type Indicators,
  type Series,
  type VolunteerReportDashboard,
  type VolunteerReportQuery,
} from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { communities, communityReferrals, townships, trainings, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../http/auth';
import { dayIn, townshipIn } from './period';
import { sumOf, visitCounts } from './visit-counts';

/** The first day of a `date` column's month. */
const monthStart = (column: PgColumn) => sql<string>`date_trunc('month', ${column}::timestamp)::date`;

/**
 * GET volunteer-report-dashboard: the seven indicators of VOLUNTEER_INDICATORS (their definitions
 * are there and in docs/decisions/0096) for one volunteer or every active volunteer of the township,
 * in total, by township and by month. Each source (visit records, community activities,
 * trainings) is one query with GROUPING SETS: the total, the townships and the months come from
 * the same rows, and "distinct patients" stays distinct in the total (it does not add up by month).
 * Visit records are read as counts (visit-counts.ts): the roll-up's rows of the period's whole
 * months (one per entry, patient and month, with the entry's volunteer) and the records of its
 * other days, so a national report reads a row per patient and month, not every record; the
 * figures are the records' own.
 * Rows are grouped by integers (a township name's lowest id, a month's first day) and named after:
 * grouping hundreds of thousands of rows by the name and a yyyy-mm text cost more than the rest of
 * the query nationally. Townships of one name are still one entry, as the screen names them.
 */
export async function volunteerReportDashboard(
  db: Database,
  user: RequestUser,
  q: VolunteerReportQuery,
): Promise<VolunteerReportDashboard> {
  const chosen = and(
    townshipIn(volunteers.township_id, user, q),
    q.volunteer_id === undefined ? undefined : eq(volunteers.id, q.volunteer_id),
  );
  const whose = and(eq(volunteers.status, 1), chosen);
  const names = db
    .select({
      id: townships.id,
      key: sql<number>`min(${townships.id}) over (partition by ${townships.name})`.as('name_key'),
    })
    .from(townships)
    .as('township_names');
  const grouped = (month: SQLWrapper) => sql`grouping sets ((), (${names.key}), (${month}))`;
  /** The township's name and the month (yyyy-mm) of a grouped row; null where the row is not grouped by it. */
  const labels = (grouping: { key: SQL.Aliased<number>; month: unknown }) => ({
    township: townships.name,
    month: sql<string | null>`to_char(${grouping.month}, 'YYYY-MM')`,
  });

  // The records of days outside whole months: of the chosen volunteers only (nationally, all of them).
  const visits = visitCounts(
    db,
    q,
    chosen &&
      ((records) => inArray(records.volunteer_id, db.select({ id: volunteers.id }).from(volunteers).where(whose))),
  );
  const visitGroups = db
    .select({
      key: names.key,
      month: visits.month,
      indicator_1: countDistinct(visits.patient_id).as('indicator_1'),
      indicator_2: sumOf(visits.work_true).as('indicator_2'),
      indicator_3: sumOf(visits.work_false).as('indicator_3'),
      indicator_4: sumOf(visits.late).as('indicator_4'),
    })
    .from(visits)
    .innerJoin(volunteers, eq(volunteers.id, visits.volunteer_id))
    .innerJoin(names, eq(names.id, volunteers.township_id))
    .where(whose)
    .groupBy(grouped(visits.month))
    .as('visit_groups');
  const communityMonth = monthStart(communities.date);
  const communityGroups = db
    .select({
      key: names.key,
      month: communityMonth.as('month'),
      indicator_5: countDistinct(communities.id).as('indicator_5'),
      indicator_6: sql<number>`coalesce(${sum(communityReferrals.total)}, 0)`.as('indicator_6'),
    })
    .from(communities)
    .leftJoin(communityReferrals, eq(communityReferrals.community_id, communities.id))
    .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
    .innerJoin(names, eq(names.id, volunteers.township_id))
    .where(and(whose, dayIn(communities.date, q)))
    .groupBy(grouped(communityMonth))
    .as('community_groups');
  const trainingMonth = monthStart(trainings.date);
  const trainingGroups = db
    .select({ key: names.key, month: trainingMonth.as('month'), indicator_7: count().as('indicator_7') })
    .from(trainings)
    .innerJoin(volunteers, eq(volunteers.id, trainings.volunteer_id))
    .innerJoin(names, eq(names.id, volunteers.township_id))
    .where(and(whose, dayIn(trainings.date, q)))
    .groupBy(grouped(trainingMonth))
    .as('training_groups');

  const [visited, activities, trained] = await Promise.all([
    db
      .select({
        ...labels(visitGroups),
        indicator_1: visitGroups.indicator_1,
        indicator_2: visitGroups.indicator_2,
        indicator_3: visitGroups.indicator_3,
        indicator_4: visitGroups.indicator_4,
      })
      .from(visitGroups)
      .leftJoin(townships, eq(townships.id, visitGroups.key)),
    db
      .select({
        ...labels(communityGroups),
        indicator_5: communityGroups.indicator_5,
        indicator_6: communityGroups.indicator_6,
      })
      .from(communityGroups)
      .leftJoin(townships, eq(townships.id, communityGroups.key)),
    db
      .select({ ...labels(trainingGroups), indicator_7: trainingGroups.indicator_7 })
      .from(trainingGroups)
      .leftJoin(townships, eq(townships.id, trainingGroups.key)),
  ]);

  const zero = (): Indicators => Object.fromEntries(VOLUNTEER_INDICATORS.map((i) => [i.key, 0])) as Indicators;
  const total = zero();
  const byTownship = new Map<string, Indicators>();
  const byMonth = new Map<string, Indicators>();
  for (const row of [...visited, ...activities, ...trained]) {
    const { township, month, ...figures } = row as { township: string | null; month: string | null } & Partial<
      Record<keyof Indicators, unknown>
    >;
    // A grouping set leaves the columns it does not group by null: both null is the total row.
    const target = township !== null ? at(byTownship, township) : month !== null ? at(byMonth, month) : total;
    // Counts and sums come as numbers or (bigint) strings.
    for (const [key, value] of Object.entries(figures)) target[key as keyof Indicators] = Number(value);
  }
  function at(map: Map<string, Indicators>, key: string) {
    if (!map.has(key)) map.set(key, zero());
    return map.get(key)!;
  }
  const series = (map: Map<string, Indicators>): Series<keyof Indicators & string> =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, counts]) => ({ name, counts }));
  return {
    total_result: total,
    total_with_township_result: series(byTownship),
    total_with_month_year_result: series(byMonth),
  };
}
