import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DashboardQuery } from '@vot/shared/schemas';
import { inScope } from '../../../lib/scope';
import type { RequestUser } from '../../../http/auth';

/**
 * The filters every dashboard applies, written once: the period on a day column, the period on a
 * programme date computed per record (a patient's treatment start, or the Yangon day they were
 * entered: a patient entered at 02:00 on 1 April in Yangon is April's, though it is still 31 March
 * in UTC), and the township (the user's scope, then the chosen township).
 */

/** A `date` column within the period (both ends included). */
export function dayIn(column: PgColumn, q: DashboardQuery): SQL | undefined {
  return and(q.start_date ? gte(column, q.start_date) : undefined, q.end_date ? lte(column, q.end_date) : undefined);
}

/**
 * A day expression (a patient's or volunteer's programme date, docs/figures.md) within the period,
 * and not null: a record without that date is in no period's figure.
 */
export function dateIn(date: SQL, q: DashboardQuery): SQL {
  return and(
    sql`${date} is not null`,
    q.start_date ? sql`${date} >= ${q.start_date}::date` : undefined,
    q.end_date ? sql`${date} <= ${q.end_date}::date` : undefined,
  )!;
}

/** The user's townships (a Field Officer's) and the township chosen in the filter. */
export function townshipIn(column: PgColumn, user: RequestUser, q: DashboardQuery): SQL | undefined {
  return and(inScope(column, user), q.township_id === undefined ? undefined : eq(column, q.township_id));
}

/** A count of the rows meeting `condition` (one scan answers many of them). */
export const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** A month of a `date` column, yyyy-mm. */
export const monthOf = (column: PgColumn) => sql<string>`to_char(${column}, 'YYYY-MM')`;
