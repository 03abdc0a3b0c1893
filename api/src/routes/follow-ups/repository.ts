import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_ESCALATION_DAYS, type FollowUpLevel } from '@vot/shared/domain';
import type { FollowUpCase, FollowUpRecord, FollowUpRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { patients } from '../../db/schema';
import { OBSERVED, ON_VOT, ledgerToday, rolledUpMissedRunSql, rolledUpSummarySql } from '../../ledger';
import type { Paging } from '../../lib/paging';
import type { RequestUser } from '../../plugins/auth';
import { listConditions } from '../patients/repository';

/**
 * The missed-dose worklist (docs/decisions/0170-missed-dose-worklist.md): the active patients of
 * the user's townships, still on VOT, whose current missed run reached the threshold, by the dose
 * ledger's roll-up (the Missed Doses list's condition with the worklist's threshold), each with its
 * ledger, who owns the case (escalation, 0172) and the case's last action. A case is the current
 * missed run: it began the day after missed_since, and its actions are those recorded since then
 * (case_since on or after missed_since, so an observed dose, which moves missed_since on, leaves
 * the old actions in the history).
 */

export interface WorklistFilter {
  townshipIds: number[];
  level?: FollowUpLevel;
}

/** The owner of a case open `daysOpen` days, of a patient with or without a volunteer: followUpLevel in SQL. */
function levelSql(daysOpen: SQL, hasVolunteer: SQL): SQL {
  const from = FOLLOW_UP_ESCALATION_DAYS;
  return sql`(case when ${daysOpen} >= ${from['Project Officer']}::int then 'Project Officer'
    when ${daysOpen} >= ${from['Field Officer']}::int or not ${hasVolunteer} then 'Field Officer'
    else 'Volunteer' end)`;
}

/** A timestamp as the API answers it (ISO 8601, UTC), whichever driver reads it. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The worklist's patients: a condition on `patients`, as of `today`. */
const worklistWhere = (user: RequestUser, filter: WorklistFilter, threshold: number, today: string) =>
  and(
    listConditions(user, { list: 'all', townshipIds: filter.townshipIds }),
    isNull(patients.DOT_end_date),
    rolledUpMissedRunSql(threshold, today),
  );

/** The worklist's rows (all, in order of risk): a statement to page or count. */
function worklistSql(user: RequestUser, filter: WorklistFilter, threshold: number): SQL {
  const today = ledgerToday();
  const where = worklistWhere(user, filter, threshold, today);
  return sql`with s as (${rolledUpSummarySql(where, today)}),
    w as (
      select s.*, coalesce(s.last_observed_date::date, s.counted_from::date - 1) as missed_since,
        s.current_missed_run - ${threshold}::int as days_open
      from s
    ),
    c as (
      select w.patient_id as id, patients.name, patients."SP_code", patients.patient_phone_no,
        case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as township,
        case when v.id is null then null else json_build_object('id', v.id, 'name', v.name) end as volunteer,
        w.current_missed_run, w.adherence, w.missed_band, w.last_observed_date,
        (w.missed_since + ${threshold}::int)::text as opened_on, w.days_open,
        ${levelSql(sql`w.days_open`, sql`(patients.volunteer_id is not null)`)} as level,
        f.action as last_action, f.outcome as last_outcome,
        ${isoTime(sql`f.created_at`)} as last_action_at,
        coalesce(f.next_date, w.missed_since + ${threshold}::int)::text as due_date
      from w
      join patients on patients.id = w.patient_id
      left join townships t on t.id = patients.township_id
      left join volunteers v on v.id = patients.volunteer_id
      left join lateral (
        select f.action, f.outcome, f.created_at, f.next_date from follow_ups f
        where f.patient_id = w.patient_id and f.case_since >= w.missed_since
        order by f.case_since desc, f.id desc limit 1
      ) f on true
    )
    select * from c${filter.level ? sql` where c.level = ${filter.level}` : sql``}`;
}

/** Longest run first, then lowest adherence: who is most at risk of failing treatment. */
const RISK_ORDER = sql.raw('order by current_missed_run desc, adherence asc nulls first, id');

/**
 * The worklist's total: its patients counted alone (the owner, known only from the rows, when the
 * list is filtered by it), without the rows' joins and last actions.
 */
function totalSql(user: RequestUser, filter: WorklistFilter, threshold: number): SQL {
  if (filter.level) return sql`select count(*)::int as total from (${worklistSql(user, filter, threshold)}) l`;
  return sql`select count(*)::int as total from patients where ${worklistWhere(user, filter, threshold, ledgerToday())}`;
}

/** A page of the worklist (all of it without a limit: the export) and its total. */
export async function worklist(
  db: Database,
  user: RequestUser,
  filter: WorklistFilter,
  threshold: number,
  paging: Partial<Paging>,
): Promise<{ data: FollowUpRow[]; total: number }> {
  const rows = worklistSql(user, filter, threshold);
  const limit = paging.limit === undefined ? sql`` : sql` limit ${paging.limit} offset ${paging.offset ?? 0}`;
  const [data, totals] = await Promise.all([
    rowsOf<FollowUpRow>(db, sql`${rows} ${RISK_ORDER}${limit}`),
    paging.limit === undefined ? null : rowsOf<{ total: number }>(db, totalSql(user, filter, threshold)),
  ]);
  return { data: data satisfies FollowUpRow[], total: totals ? (totals[0]?.total ?? 0) : data.length };
}

/** The worklist's size and how many of its cases have their next action due today or earlier (the home's counts). */
export async function worklistCounts(
  db: Database,
  user: RequestUser,
  threshold: number,
): Promise<{ total: number; due: number }> {
  const [row] = await rowsOf<{ total: number; due: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where w.due_date <= ${ledgerToday()})::int as due
      from (${worklistSql(user, { townshipIds: [] }, threshold)}) w`,
  );
  return { total: row?.total ?? 0, due: row?.due ?? 0 };
}

/** The columns of a recorded action (FollowUpRecord), of `follow_ups f` with its recorder `u`. */
const RECORD_COLUMNS = sql`f.id, f.patient_id, f.case_since::text as case_since, f.action, f.outcome, f.remark,
  f.next_date::text as next_date, u.name as recorded_by, ${isoTime(sql`f.created_at`)} as created_at`;

/** One action by id, as answered. */
export async function followUpById(db: Database, id: number): Promise<FollowUpRecord> {
  const [row] = await rowsOf<FollowUpRecord>(
    db,
    sql`select ${RECORD_COLUMNS} from follow_ups f left join users u on u.id = f.recorded_by where f.id = ${id}`,
  );
  return row!;
}

/**
 * A patient's follow-up history: its cases, newest first, each with its actions and how it closed
 * (computed, docs/decisions/0171-follow-up-case-closing.md): by the first observed dose after the
 * case began (the ledger's OBSERVED, within the VOT), or by the end of VOT, whichever came first;
 * open while neither has.
 */
export async function historyOf(db: Database, patientId: number): Promise<FollowUpCase[]> {
  const [actions, closings] = await Promise.all([
    rowsOf<FollowUpRecord>(
      db,
      sql`select ${RECORD_COLUMNS} from follow_ups f left join users u on u.id = f.recorded_by
        where f.patient_id = ${patientId} order by f.case_since desc, f.id desc`,
    ),
    rowsOf<{ case_since: string; observed_on: string | null; ended_on: string | null }>(
      db,
      sql`select c.case_since::text as case_since,
          (select min(d.date) from dots d where d.patient_id = patients.id and d.date > c.case_since and ${OBSERVED}
            and (patients."DOT_end_date" is null or d.date <= patients."DOT_end_date"))::text as observed_on,
          (case when not ${ON_VOT} then coalesce(patients."DOT_end_date", patients.updated_at::date)
            else patients."DOT_end_date" end)::text as ended_on
        from (select distinct case_since from follow_ups where patient_id = ${patientId}) c
        cross join patients where patients.id = ${patientId}`,
    ),
  ]);
  const closedOf = new Map<string, FollowUpCase['closed']>(
    closings.map(({ case_since, observed_on, ended_on }) => {
      if (observed_on && (!ended_on || observed_on <= ended_on))
        return [case_since, { reason: 'Dose observed', on: observed_on }];
      return [case_since, ended_on ? { reason: 'VOT ended', on: ended_on } : null];
    }),
  );
  const cases: FollowUpCase[] = [];
  for (const action of actions) {
    const last = cases[cases.length - 1];
    if (last?.case_since === action.case_since) last.actions.push(action);
    else
      cases.push({ case_since: action.case_since, closed: closedOf.get(action.case_since) ?? null, actions: [action] });
  }
  return cases;
}
