import { inArray, sql, type SQL } from 'drizzle-orm';
import { FISCAL_MONTH_SHIFT, quarterDays } from '@vot/shared/domain';
import type { RequestUser } from '../../../plugins/auth';
import { patients, votReportCohorts } from '../../../db/schema';
import { inScope } from '../../../lib/scope';

/**
 * Who the VOT report counts, and in which row (docs/decisions/0091):
 * - active patients (a patient in trash is counted nowhere) screened for VOT (VOT_eligible given),
 *   in the user's townships;
 * - in the row of their township and their cohort quarter: the Reporting Period the programme gave
 *   them, or, without one, the fiscal quarter of their treatment start;
 * - of the quarters that share a day with the report's dates.
 * Written against the bare table name `patients`, as the dose ledger's builders expect.
 */

/** The fiscal quarter of a date column, as 'FY26Q4' (the SQL twin of fiscalQuarterOf). */
export const fiscalQuarterSql = (column: SQL) =>
  sql`('FY' || to_char(${column} + make_interval(months => ${sql.raw(String(FISCAL_MONTH_SHIFT))}), 'YY"Q"Q'))`;

/** The cohort quarter of a patient. */
export const COHORT = sql`coalesce(patients.report_period, ${fiscalQuarterSql(sql`patients.treatment_start_date`)})`;

/** The patients of the report: screened, active, in scope, in one of `periods`. */
export function cohortWhere(user: RequestUser, periods: string[]): SQL {
  return sql`patients.status = 1 and patients."VOT_eligible" is not null and ${inScope(patients.township_id, user) ?? sql`true`} and ${inArray(COHORT, periods)}`;
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

/**
 * What groupsSql counts, from the patients themselves: a row per patient of the report (n = 1) with
 * its cohort, age group and answers. The reference the roll-up is tested against (and the bench's
 * "before"); the route reads rolledUpCohortSql.
 */
export function liveCohortSql(user: RequestUser, periods: string[]): SQL {
  return sql`select ${COHORT} as period, patients.township_id, patients.sex,
      (case when patients."DOB" is not null then extract(year from age(quarters.first_day, patients."DOB"))::int else patients.age end) < 15 as child,
      patients."VOT_eligible", patients."VOT_eligible_date", patients."VOT_accept", patients."VOT_accept_date", patients."VOT_not_accept_reason", patients."DOT_start_date", patients."DOT_end_date",
      patients."VDOT_end_type", patients."VDOT_end_date", patients."VDOT_stop_reason", 1 as n
    from patients join ${quartersTable(periods)} on quarters.period = ${COHORT}
    where ${cohortWhere(user, periods)}`;
}

/**
 * The same rows from the roll-up kept by the triggers on patients (vot_report_cohorts, drizzle/0014):
 * one row per set of patients with the same answers, n of them. A national fiscal year reads a
 * few tens of thousands of rows by the key's leading period instead of scanning every patient.
 */
export function rolledUpCohortSql(user: RequestUser, periods: string[]): SQL {
  return sql`select * from ${votReportCohorts} where ${inArray(votReportCohorts.period, periods)} and ${inScope(votReportCohorts.township_id, user) ?? sql`true`}`;
}
