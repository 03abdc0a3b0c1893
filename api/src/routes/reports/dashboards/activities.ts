import { and, asc, count, eq } from 'drizzle-orm';
import type { ActivityDashboard, DashboardQuery, Series } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { communities, dots, patients, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../plugins/auth';
import { dayIn, monthOf, townshipIn } from './period';

/** Rows of (month, n) as a series of one key, and their sum. */
function monthly<K extends string>(key: K, rows: { month: string; n: number }[]): { total: number; series: Series<K> } {
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    series: rows.map((r) => ({ name: r.month, counts: { [key]: r.n } as Record<K, number> })),
  };
}

/**
 * GET activity-dashboard: what happened on the period's days. Visit records (take medicines) are of
 * the township's active patients, community activities of its active volunteers. Health education,
 * contact tracing and supervision visits are recorded by the phone app (branch app-api): until those
 * records exist here they count 0.
 */
export async function activityDashboard(db: Database, user: RequestUser, q: DashboardQuery): Promise<ActivityDashboard> {
  const visitMonth = monthOf(dots.date);
  const communityMonth = monthOf(communities.date);
  const [visits, activities] = await Promise.all([
    db
      .select({ month: visitMonth, n: count() })
      .from(dots)
      .innerJoin(patients, eq(patients.id, dots.patient_id))
      .where(and(eq(patients.status, 1), townshipIn(patients.township_id, user, q), dayIn(dots.date, q)))
      .groupBy(visitMonth)
      .orderBy(asc(visitMonth)),
    db
      .select({ month: communityMonth, n: count() })
      .from(communities)
      .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
      .where(and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, q), dayIn(communities.date, q)))
      .groupBy(communityMonth)
      .orderBy(asc(communityMonth)),
  ]);
  const takeMedicines = monthly('take_medicines', visits);
  const community = monthly('communities', activities);
  return {
    hes: 0,
    hes_with_month: [],
    take_medicines: takeMedicines.total,
    take_medicines_with_month: takeMedicines.series,
    cts: 0,
    cts_with_month: [],
    svs: 0,
    communities: community.total,
    communities_with_month: community.series,
  };
}
