import { inArray, sql, type SQL } from 'drizzle-orm';
import { FISCAL_MONTH_SHIFT, quarterDays } from '@vot/shared/domain';
import type { RequestUser } from '../../../http/auth';
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

/** The columns of a cohort row after period, township_id, sex, child and the decisions: the dated facts. */
const DATED_FACTS = sql`patients."DOT_start_date", patients."DOT_end_date", patients."VDOT_end_type", patients."VDOT_end_date", patients."VDOT_stop_reason"`;

/** Under 15 on the cohort quarter's first day (quartersTable), from the DOB, else the age recorded. */
const CHILD = sql`(case when patients."DOB" is not null then extract(year from age(quarters.first_day, patients."DOB"))::int else patients.age end) < 15`;

/**
 * What groupsSql counts, from the patients themselves: a row per patient of the report (n = 1) with
 * its cohort, age group and answers. The reference the roll-up is tested against (and the bench's
 * "before"); the route reads rolledUpCohortSql.
 */
export function liveCohortSql(user: RequestUser, periods: string[]): SQL {
  return sql`select ${COHORT} as period, patients.township_id, patients.sex, ${CHILD} as child,
      patients."VOT_eligible", patients."VOT_eligible_date", patients."VOT_accept", patients."VOT_accept_date", patients."VOT_not_accept_reason", ${DATED_FACTS}, 1 as n
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

/** The patient's (`patients`) newest decision of `kind` made on or before `asOf` (undated ones count as made before any day). */
const decisionInForce = (kind: string, asOf: string) => sql`lateral (
    select pd.value, pd.reason, pd.decided_at from patient_decisions pd
    where pd.patient_id = patients.id and pd.kind = ${kind} and coalesce(pd.decided_at <= ${asOf}::date, true)
    order by pd.id desc limit 1)`;

/**
 * The cohort as of `asOf` (docs/decisions/0133-decision-history.md): `rows` (rolledUpCohortSql or
 * liveCohortSql) count the patients whose current decisions were made on or before it, as they
 * are; a patient with a decision made after it (rare for a recent day: decisions are seldom changed)
 * is counted instead by the decisions then in force, from its history (patient_decisions), found
 * through the history's day index. Enrolment stays dated by the DOT start: a patient who started
 * VOT by then is enrolled whenever the answer was typed. The two parts share no patient: the second
 * takes those with a current decision after asOf, or whose eligibility was cleared since.
 */
export function cohortAsOfSql(rows: SQL, user: RequestUser, periods: string[], asOf: string): SQL {
  const day = sql`${asOf}::date`;
  return sql`select s.period, s.township_id, s.sex, s.child, s."VOT_eligible", s."VOT_eligible_date", s."VOT_accept", s."VOT_accept_date",
        s."VOT_not_accept_reason", s."DOT_start_date", s."DOT_end_date", s."VDOT_end_type", s."VDOT_end_date", s."VDOT_stop_reason", s.n
      from (${rows}) s
      where coalesce(s."VOT_eligible_date" <= ${day}, true) and coalesce(s."VOT_accept_date" <= ${day}, true)
    union all
    select ${COHORT}, patients.township_id, patients.sex, ${CHILD}, e.value, e.decided_at,
      case when patients."VOT_accept" = 'Yes' and patients."DOT_start_date" <= ${day} then 'Yes' else a.value end, a.decided_at,
      a.reason, ${DATED_FACTS}, 1
    from patients join ${quartersTable(periods)} on quarters.period = ${COHORT}
      left join ${decisionInForce('eligible', asOf)} e on true
      left join ${decisionInForce('accept', asOf)} a on true
    where patients.id in (select pd.patient_id from patient_decisions pd where pd.decided_at > ${day})
      and (patients."VOT_eligible_date" > ${day} or patients."VOT_accept_date" > ${day} or patients."VOT_eligible" is null)
      and patients.status = 1 and ${inScope(patients.township_id, user) ?? sql`true`} and ${inArray(COHORT, periods)}
      and e.value is not null`;
}
