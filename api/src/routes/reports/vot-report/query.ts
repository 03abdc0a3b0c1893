import { sql, type SQL } from 'drizzle-orm';
import {
  VOT_NOT_ACCEPT_REASONS,
  VOT_STOP_REASONS,
  VOT_STOPPED_OUTCOME,
  VOT_SUCCESS_OUTCOMES,
} from '@vot/shared/domain';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const [FAMILY, PRIVACY] = VOT_NOT_ACCEPT_REASONS;
const [SWITCH, DENY, PHONE, TECHNICAL, INTERNET] = VOT_STOP_REASONS;

/** The groups counted by age and sex (1 screened, 2 eligible, 3 enrolled, 8 cured/completed): the condition of each. */
const AGE_SEX_GROUPS = {
  screened: sql`true`,
  eligible: sql`c."VOT_eligible" = 'Yes'`,
  enrolled: sql`c.enrolled`,
  cured_completed: sql`c."VDOT_end_type" in (${list(VOT_SUCCESS_OUTCOMES)}) and c."VDOT_end_date" <= c.as_of`,
};

const counts = (name: string, condition: SQL) => {
  const col = (suffix: string, extra: SQL) =>
    sql`${patientsWhere(sql`(${condition}) and ${extra}`)} as ${sql.raw(`"${name}.${suffix}"`)}`;
  return sql.join(
    [
      col('under_15_male', sql`c.child and c.sex = 'Male'`),
      col('under_15_female', sql`c.child and c.sex = 'Female'`),
      col('from_15_male', sql`not c.child and c.sex = 'Male'`),
      col('from_15_female', sql`not c.child and c.sex = 'Female'`),
      col('total', sql`true`),
    ],
    sql`, `,
  );
};

/** A flat row of the aggregate: `group.column` keys, turned into VotReportRow by rows.ts. */
export type FlatRow = Record<string, string | number>;

/** How many patients meet `condition`: each row of the cohort stands for n of them. */
const patientsWhere = (condition: SQL) => sql`coalesce(sum(c.n) filter (where ${condition}), 0)::int`;

/**
 * Groups 1–5, 7 and 8 of every township and cohort quarter, in one pass over `cohort`: the rows of
 * rolledUpCohortSql (the route) or liveCohortSql (the reference), the same columns either way.
 * `asOf` is the report's end date: screening and eligibility, declining, enrolment, VOT end and
 * outcomes count when dated on or before it.
 */
export function groupsSql(cohort: SQL, asOf: string): SQL {
  return sql`with c as (
      select s.*, ${asOf}::date as as_of,
        (s."VOT_accept" = 'Yes' and s."DOT_start_date" <= ${asOf}::date) as enrolled,
        -- Decisions count from the day they were made (docs/decisions/0132-dated-decisions.md); undated ones always.
        (s."VOT_accept" = 'No' and coalesce(s."VOT_accept_date" <= ${asOf}::date, true)) as declined,
        (s."DOT_end_date" is null or s."DOT_end_date" > ${asOf}::date) as not_ended
      from (${cohort}) s
      -- Not yet screened on the as-of day: in no group of that day's report.
      where coalesce(s."VOT_eligible_date" <= ${asOf}::date, true)
    )
    -- Counted per township and quarter first, then named: the names join a row per group, not per cohort row.
    select g.*, t.name as township, r.name as region, pr.name as organization
    from (select c.township_id, c.period,
      ${sql.join(
        Object.entries(AGE_SEX_GROUPS).map(([name, condition]) => counts(name, condition)),
        sql`, `,
      )},
      ${patientsWhere(sql`c.declined`)} as "declined.total",
      ${patientsWhere(sql`c.declined and c."VOT_not_accept_reason" = ${FAMILY}`)} as "declined.family",
      ${patientsWhere(sql`c.declined and c."VOT_not_accept_reason" = ${PRIVACY}`)} as "declined.privacy",
      ${patientsWhere(sql`c.declined and c."VOT_not_accept_reason" is distinct from ${FAMILY} and c."VOT_not_accept_reason" is distinct from ${PRIVACY}`)} as "declined.others",
      ${patientsWhere(sql`c.enrolled and c.not_ended`)} as "on_vot",
      ${stoppedColumns()}
    from c
    group by c.township_id, c.period) g
      join townships t on t.id = g.township_id
      join regions r on r.id = t.region_id
      join projects pr on pr.id = t.project_id
    order by pr.name, r.name, t.name, g.period`;
}

/** Group 7: VOT stopped (outcome 'Unable to continue VOT') by the end date; a reason not given counts as Others. */
function stoppedColumns(): SQL {
  const stopped = sql`c."VDOT_end_type" = ${VOT_STOPPED_OUTCOME} and c."VDOT_end_date" <= c.as_of`;
  const reason = (key: string, value: string) =>
    sql`${patientsWhere(sql`${stopped} and c."VDOT_stop_reason" = ${value}`)} as ${sql.raw(`"stopped.${key}"`)}`;
  return sql.join(
    [
      sql`${patientsWhere(stopped)} as "stopped.total"`,
      reason('switch_to_family_dot', SWITCH),
      reason('deny_vot', DENY),
      reason('phone_damaged_or_lost', PHONE),
      reason('technical_issues', TECHNICAL),
      reason('internet_problem', INTERNET),
      sql`${patientsWhere(sql`${stopped} and coalesce(c."VDOT_stop_reason", '') not in (${list([SWITCH!, DENY!, PHONE!, TECHNICAL!, INTERNET!])})`)} as "stopped.others"`,
    ],
    sql`, `,
  );
}
