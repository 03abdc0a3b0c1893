import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PROGRAMME_TIMEZONE } from '@vot/shared/domain';
import type { DashboardQuery } from '@vot/shared/schemas';
import { inScope } from '../../../lib/scope';
import type { RequestUser } from '../../../plugins/auth';

/**
 * The three filters every dashboard applies, written once: the period on a day column, the period
 * on a moment (a registration's created_at, read as a day in Yangon: a patient registered at
 * 02:00 on 1 April in Yangon is April's, though it is still 31 March in UTC), and the township
 * (the user's scope, then the chosen township).
 */

/** A `date` column within the period (both ends included). */
export function dayIn(column: PgColumn, q: DashboardQuery): SQL | undefined {
  return and(q.start_date ? gte(column, q.start_date) : undefined, q.end_date ? lte(column, q.end_date) : undefined);
}

/**
 * A timestamp column within the period's days in the programme's timezone. Written as a range on
 * the column itself (not on a day computed from it), so an index on the column serves it.
 */
export function momentIn(column: PgColumn, q: DashboardQuery): SQL | undefined {
  const tz = sql.raw(`'${PROGRAMME_TIMEZONE}'`);
  return and(
    q.start_date ? sql`${column} >= (${q.start_date}::date)::timestamp at time zone ${tz}` : undefined,
    q.end_date ? sql`${column} < (${q.end_date}::date + 1)::timestamp at time zone ${tz}` : undefined,
  );
}

/** The user's townships (a Field Officer's) and the township chosen in the filter. */
export function townshipIn(column: PgColumn, user: RequestUser, q: DashboardQuery): SQL | undefined {
  return and(inScope(column, user), q.township_id === undefined ? undefined : eq(column, q.township_id));
}

/** A count of the rows meeting `condition` (one scan answers many of them). */
export const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** A month of a `date` column, yyyy-mm. */
export const monthOf = (column: PgColumn) => sql<string>`to_char(${column}, 'YYYY-MM')`;
