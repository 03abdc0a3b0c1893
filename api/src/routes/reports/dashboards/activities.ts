import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityDashboard, DashboardQuery, Series } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import {
  communities,
  contactTracings,
  healthEducations,
  patients,
  supervisionVisits,
  volunteers,
} from '../../../db/schema';
import type { RequestUser } from '../../../plugins/auth';
import { dayIn, monthOf, townshipIn } from './period';
import { sumOf, visitCounts } from './visit-counts';

/** Rows of (month, n) as a series of one key, and their sum. */
function monthly<K extends string>(key: K, rows: { month: string; n: number }[]): { total: number; series: Series<K> } {
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    series: rows.map((r) => ({ name: r.month, counts: { [key]: r.n } as Record<K, number> })),
  };
}

/** The phone app's activity records (health education, contact tracing, supervision): one shape. */
type AppActivityTable = typeof healthEducations | typeof contactTracings | typeof supervisionVisits;

/**
 * An app activity table's records of the period by month: counted where they happened (the record's
 * township, in the user's scope), by an active volunteer (a volunteer in trash is left out, as their
 * community activities are).
 */
function appActivitiesByMonth(db: Database, table: AppActivityTable, user: RequestUser, q: DashboardQuery) {
  const month = monthOf(table.date);
  return db
    .select({ month, n: count() })
    .from(table)
    .innerJoin(volunteers, eq(volunteers.id, table.volunteer_id))
    .where(and(eq(volunteers.status, 1), townshipIn(table.township_id, user, q), dayIn(table.date, q)))
    .groupBy(month)
    .orderBy(asc(month));
}

/**
 * GET activity-dashboard: what happened on the period's days. Visit records (take medicines) are of
 * the township's active patients, community activities of its active volunteers; health education,
 * contact tracing and supervision visits are the phone app's records (api/src/routes/app). Visit
 * records are read as counts: the roll-up for the period's whole months, the records for its other
 * days (visit-counts.ts).
 */
export async function activityDashboard(
  db: Database,
  user: RequestUser,
  q: DashboardQuery,
): Promise<ActivityDashboard> {
  const township = townshipIn(patients.township_id, user, q);
  const counted = and(eq(patients.status, 1), township);
  // The records of days outside whole months: of the township's patients only (nationally, all of them).
  const visitRows = visitCounts(
    db,
    q,
    township &&
      ((records) => inArray(records.patient_id, db.select({ id: patients.id }).from(patients).where(counted))),
  );
  // Grouped by the month's first day and named after: a yyyy-mm text for each of hundreds of thousands
  // of rows cost about a quarter of the query nationally.
  const visitMonth = sql<string>`to_char(${visitRows.month}, 'YYYY-MM')`;
  const communityMonth = monthOf(communities.date);
  const [visits, activities, educations, tracings, supervisions] = await Promise.all([
    db
      .select({ month: visitMonth, n: sumOf(visitRows.visits) })
      .from(visitRows)
      .innerJoin(patients, eq(patients.id, visitRows.patient_id))
      .where(counted)
      .groupBy(visitRows.month)
      .orderBy(asc(visitRows.month)),
    db
      .select({ month: communityMonth, n: count() })
      .from(communities)
      .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
      .where(and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, q), dayIn(communities.date, q)))
      .groupBy(communityMonth)
      .orderBy(asc(communityMonth)),
    appActivitiesByMonth(db, healthEducations, user, q),
    appActivitiesByMonth(db, contactTracings, user, q),
    appActivitiesByMonth(db, supervisionVisits, user, q),
  ]);
  const takeMedicines = monthly('take_medicines', visits);
  const community = monthly('communities', activities);
  const hes = monthly('hes', educations);
  const cts = monthly('cts', tracings);
  return {
    hes: hes.total,
    hes_with_month: hes.series,
    take_medicines: takeMedicines.total,
    take_medicines_with_month: takeMedicines.series,
    cts: cts.total,
    cts_with_month: cts.series,
    svs: monthly('svs', supervisions).total,
    communities: community.total,
    communities_with_month: community.series,
  };
}
