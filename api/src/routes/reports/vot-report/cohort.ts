import { sql, type SQL } from 'drizzle-orm';
import { FISCAL_MONTH_SHIFT, quarterDays } from '@vot/shared/domain';
import type { RequestUser } from '../../../plugins/auth';
import { townshipScope } from '../../../lib/scope';

/**
 * Who the VOT report counts, and in which row (docs/decisions.md "VOT report"):
 * - active patients (a patient in trash is counted nowhere) screened for VOT (VOT_eligible given),
 *   in the user's townships;
 * - in the row of their township and their cohort quarter: the Reporting Period the programme gave
 *   them, or, without one, the fiscal quarter of their treatment start;
 * - of the quarters that share a day with the report's dates.
 * Written against the bare table name `patients`, as the dose ledger's builders expect.
 */

/** The fiscal quarter of a date column, as 'FY26Q4' (the SQL twin of fiscalQuarterOf). */
export const fiscalQuarterSql = (column: SQL) => sql`('FY' || to_char(${column} + make_interval(months => ${sql.raw(String(FISCAL_MONTH_SHIFT))}), 'YY"Q"Q'))`;

/** The cohort quarter of a patient. */
export const COHORT = sql`coalesce(patients.report_period, ${fiscalQuarterSql(sql`patients.treatment_start_date`)})`;

/** The patients of the report: screened, active, in scope, in one of `periods`. */
export function cohortWhere(user: RequestUser, periods: string[]): SQL {
  const scope = townshipScope(user);
  const inScope = scope === null ? sql`true` : scope.length ? sql`patients.township_id in (${sql.join(scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  const inPeriods = periods.length ? sql`${COHORT} in (${sql.join(periods.map((p) => sql`${p}`), sql`, `)})` : sql`false`;
  return sql`patients.status = 1 and patients."VOT_eligible" is not null and ${inScope} and ${inPeriods}`;
}

/**
 * The quarters as a VALUES table `quarters(period, first_day)`: age is counted on the cohort
 * quarter's first day, so a patient who turns 15 within the quarter is under 15 in all of its groups.
 */
export function quartersTable(periods: string[]): SQL {
  return sql`(values ${sql.join(
    periods.map((p) => sql`(${p}, ${quarterDays(p).start}::date)`),
    sql`, `,
  )}) as quarters(period, first_day)`;
}
