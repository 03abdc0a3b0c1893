import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ActivityDashboard, DashboardQuery, Series } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import {
  communities,
  contactTracings,
  healthEducations,
  patientLedgerMonths,
  patients,
  supervisionVisits,
  volunteers,
} from '../../../db/schema';
import type { RequestUser } from '../../../http/auth';
import { awaitingMaskSql, ledgerToday } from '../../../ledger';
import { dayIn, monthOf, townshipIn } from './period';

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
 * Doses taken by the township's active patients on the period's days, by month: the days the dose
 * ledger counts as observed (api/src/ledger/sql.ts: its day rule, within each patient's VOT, one
 * day however many records it has), read from the ledger's monthly roll-up. Each month row's
 * observed days are a bit mask, so a month the period cuts is counted from its days in the period;
 * days whose only evidence is a video still awaiting review today are left out, as the ledger does.
 */
function dosesTakenByMonth(db: Database, user: RequestUser, q: DashboardQuery) {
  const m = patientLedgerMonths;
  const first = q.start_date
    ? sql`case when ${q.start_date}::date > ${m.month} then extract(day from ${q.start_date}::date)::int else 1 end`
    : sql`1`;
  const last = q.end_date
    ? sql`case when ${q.end_date}::date < (${m.month} + interval '1 month')::date then extract(day from ${q.end_date}::date)::int else 31 end`
    : sql`31`;
  // Bits first-1 … last-1: the period's days of the month.
  const days = sql`(((1::int8 << ${last}) - 1) # ((1::int8 << (${first} - 1)) - 1))`;
  // A day observed only by a video still in its review time today is not a dose yet (the ledger's awaiting review).
  const awaiting = sql`(${m.pending_mask}::int8 & ${awaitingMaskSql(sql`${m.month}`, ledgerToday())})`;
  const month = sql<string>`to_char(${m.month}, 'YYYY-MM')`;
  return db
    .select({
      month,
      n: sql<number>`sum(bit_count((${m.observed_mask}::int8 & ~${awaiting} & ${days})::bit(64)))::int`.mapWith(Number),
    })
    .from(m)
    .innerJoin(patients, eq(patients.id, m.patient_id))
    .where(
      and(
        eq(patients.status, 1),
        townshipIn(patients.township_id, user, q),
        q.start_date ? sql`${m.month} >= date_trunc('month', ${q.start_date}::date)::date` : undefined,
        q.end_date ? sql`${m.month} <= ${q.end_date}::date` : undefined,
      ),
    )
    .groupBy(m.month)
    .orderBy(asc(m.month));
}

/**
 * GET activity-dashboard: what happened on the period's days. Take medicines is the doses taken
 * (days observed by the dose ledger) of the township's active patients, community activities are of
 * its active volunteers; health education, contact tracing and supervision visits are the phone
 * app's records (api/src/routes/app), dated in the period.
 */
export async function activityDashboard(
  db: Database,
  user: RequestUser,
  q: DashboardQuery,
): Promise<ActivityDashboard> {
  const communityMonth = monthOf(communities.date);
  const [doses, activities, educations, tracings, supervisions] = await Promise.all([
    dosesTakenByMonth(db, user, q),
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
  // A month of the roll-up whose observed days all fall outside the period has nothing to draw.
  const takeMedicines = monthly(
    'take_medicines',
    doses.filter((r) => r.n > 0),
  );
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
