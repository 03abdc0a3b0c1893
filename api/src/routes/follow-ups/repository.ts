import { sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_ESCALATION_DAYS, type FollowUpLevel } from '@vot/shared/domain';
import type { FollowUpCase, FollowUpRecord, FollowUpRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dateLiteral, intLiteral, isoTime, namedRowsOf, rowsOf, withoutTotal } from '../../db/rows';
import {
  OBSERVED,
  ON_VOT,
  ledgerToday,
  rolledUpMissedRunCountSql,
  rolledUpMissedRunSummarySql,
  rolledUpLongestMissedRunsSummarySql,
  rolledUpFewMissedRunsSummarySql,
  rolledUpFewMissedRunsCountSql,
} from '../../ledger';
import type { Paging } from '../../lib/paging';
import type { RequestUser } from '../../http/auth';
import { listConditions } from '../patients/repository';
import { searchValues } from '../patients/search';

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
  /** Word beginnings of the patient's name, in any order (the patient lists' name search). */
  name?: string;
}

/** The owner of a case open `daysOpen` days, of a patient with or without a volunteer: followUpLevel in SQL. */
function levelSql(daysOpen: SQL, hasVolunteer: SQL): SQL {
  const from = FOLLOW_UP_ESCALATION_DAYS;
  return sql`(case when ${daysOpen} >= ${intLiteral(from['Project Officer'])} then 'Project Officer'
    when ${daysOpen} >= ${intLiteral(from['Field Officer'])} or not ${hasVolunteer} then 'Field Officer'
    else 'Volunteer' end)`;
}

/**
 * Who the case belongs to by name (docs/decisions/0177), for the row `c` of the page with its
 * patient's township: the patient's volunteer, the Field Officers of the township, or the Project
 * Officers of its project (one of no project works for every township); null when nobody holds that place.
 */
const OWNER = sql`(case c.level
    when 'Volunteer' then c.volunteer->>'name'
    when 'Field Officer' then (select string_agg(u.name, ', ' order by u.name) from users u
      join user_townships ut on ut.user_id = u.id where u.role = 'Field Officer' and ut.township_id = c.township_id)
    else (select string_agg(u.name, ', ' order by u.name) from users u
      where u.role = 'Project Officer'
        and (u.project_id is null or u.project_id = (select tp.project_id from townships tp where tp.id = c.township_id)))
  end)`;

/** The worklist's patients, beyond being on VOT with no end date: a condition on `patients`. */
const patientsWhere = (user: RequestUser, filter: WorklistFilter) =>
  listConditions(
    user,
    { list: 'all', townshipIds: filter.townshipIds, name: filter.name },
    filter.name ? searchValues({ list: 'all', townshipIds: [], name: filter.name }) : undefined,
  );

/**
 * A few townships' worklist (a Field Officer's, or a chosen township) starts from their patients
 * (the township index) and looks up each one's roll-up row; the nation's starts from the roll-up's
 * open rows and checks each one's patient (docs/decisions/0177). The same rows either way.
 */
const fewTownships = (user: RequestUser, filter: WorklistFilter) =>
  filter.townshipIds.length > 0 || user.township_ids.length > 0;

/**
 * The ledger summaries of the worklist's patients, read from the side that has fewer of them; for
 * the nation's page (`first`: its offset and limit, no owner filter) only those that can be among
 * its first rows by risk (docs/decisions/0204).
 */
function candidatesSql(user: RequestUser, filter: WorklistFilter, threshold: number, today: SQL, first?: number): SQL {
  const where = patientsWhere(user, filter);
  if (!fewTownships(user, filter))
    return first === undefined
      ? rolledUpMissedRunSummarySql(threshold, where, today)
      : rolledUpLongestMissedRunsSummarySql(threshold, where, today, first);
  return rolledUpFewMissedRunsSummarySql(threshold, where, today);
}

/** Longest run first, then lowest adherence: who is most at risk of failing treatment. */
const RISK_ORDER = sql.raw('order by current_missed_run desc, adherence asc nulls first, id');

/**
 * The worklist's rows in order of risk (a page of them, or all without `page`): a statement. The
 * candidates' ledgers come from the roll-up's open rows (rolledUpMissedRunSummarySql) and are
 * ordered first; the patient's columns, owner and last action are read for the rows kept only.
 */
export function worklistSql(
  user: RequestUser,
  filter: WorklistFilter,
  threshold: number,
  page?: Partial<Paging>,
  withTotal = false,
): SQL {
  const today = dateLiteral(ledgerToday());
  const pageOf = page?.limit === undefined ? sql`` : sql` limit ${page.limit} offset ${page.offset ?? 0}`;
  const level = levelSql(
    sql`s.current_missed_run - ${intLiteral(threshold)}`,
    // A probe of the patient's row, asked only of a case younger than the Field Officer's days
    // (`offset 0` keeps it a probe: as a hashed subquery it read every patient).
    sql`exists (select 1 from patients pv where pv.id = s.patient_id and pv.volunteer_id is not null offset 0)`,
  );
  // The owner is known from each row only: filtered by it, every candidate is read.
  const first = page?.limit === undefined || filter.level ? undefined : (page.offset ?? 0) + page.limit;
  return sql`with s as materialized (${candidatesSql(user, filter, threshold, today, first)}),
    k as materialized (
      select s.patient_id as id, s.current_missed_run, s.adherence, s.missed_band, s.last_observed_date,
        coalesce(s.last_observed_date::date, s.counted_from::date - 1) as missed_since,
        s.current_missed_run - ${intLiteral(threshold)} as days_open, ${level} as level${withTotal ? sql`, count(*) over ()::int as total` : sql``}
      from s${filter.level ? sql` where ${level} = ${filter.level}` : sql``}
      ${RISK_ORDER}${pageOf}
    ),
    c as (
      select k.id, patients.name, patients."SP_code", patients.patient_phone_no, patients.township_id,
        case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end as township,
        case when v.id is null then null else json_build_object('id', v.id, 'name', v.name) end as volunteer,
        k.current_missed_run, k.adherence, k.missed_band, k.last_observed_date,${withTotal ? sql` k.total,` : sql``}
        (k.missed_since + ${intLiteral(threshold)})::text as opened_on, k.days_open, k.level,
        f.action as last_action, f.outcome as last_outcome,
        ${isoTime(sql`f.created_at`)} as last_action_at,
        coalesce(f.next_date, k.missed_since + ${intLiteral(threshold)})::text as due_date
      from k
      join patients on patients.id = k.id
      left join townships t on t.id = patients.township_id
      left join volunteers v on v.id = patients.volunteer_id
      left join lateral (
        select f.action, f.outcome, f.created_at, f.next_date from follow_ups f
        where f.patient_id = k.id and f.case_since >= k.missed_since
        order by f.case_since desc, f.id desc limit 1
      ) f on true
    )
    select c.id, c.name, c."SP_code", c.township, c.patient_phone_no, c.volunteer, c.current_missed_run, c.adherence,
      c.missed_band, c.last_observed_date, c.opened_on, c.days_open, c.level, ${OWNER} as owner,
      c.last_action, c.last_outcome, c.last_action_at, c.due_date${withTotal ? sql`, c.total` : sql``}
    from c ${RISK_ORDER}`;
}

/**
 * The worklist's total: its patients counted from the roll-up's open rows alone (the owner, known
 * only from the rows, when the list is filtered by it).
 */
function totalSql(user: RequestUser, filter: WorklistFilter, threshold: number): SQL {
  if (filter.level) return sql`select count(*)::int as total from (${worklistSql(user, filter, threshold)}) l`;
  const today = dateLiteral(ledgerToday());
  if (fewTownships(user, filter)) return rolledUpFewMissedRunsCountSql(threshold, patientsWhere(user, filter), today);
  return rolledUpMissedRunCountSql(threshold, patientsWhere(user, filter), today);
}

/** A page of the worklist (all of it without a limit: the export) and its total. */
export async function worklist(
  db: Database,
  user: RequestUser,
  filter: WorklistFilter,
  threshold: number,
  paging: Partial<Paging>,
): Promise<{ data: FollowUpRow[]; total: number }> {
  if (paging.limit === undefined) {
    const data = await namedRowsOf<FollowUpRow>(db, worklistSql(user, filter, threshold, paging));
    return { data, total: data.length };
  }
  // A few townships' page reads every candidate anyway: each row carries the total (docs/decisions/0208).
  if (fewTownships(user, filter)) {
    const rows = await namedRowsOf<FollowUpRow & { total: number }>(
      db,
      worklistSql(user, filter, threshold, paging, true),
    );
    // A page past the end has no row to carry the total.
    const total = rows[0]?.total ?? (paging.offset ? await worklistTotal(db, user, filter, threshold) : 0);
    return { data: withoutTotal(rows), total };
  }
  const [data, total] = await Promise.all([
    namedRowsOf<FollowUpRow>(db, worklistSql(user, filter, threshold, paging)),
    worklistTotal(db, user, filter, threshold),
  ]);
  return { data, total };
}

/** The worklist's total alone (totalSql). */
async function worklistTotal(db: Database, user: RequestUser, filter: WorklistFilter, threshold: number) {
  const [row] = await namedRowsOf<{ total: number }>(db, totalSql(user, filter, threshold));
  return row?.total ?? 0;
}

/**
 * The worklist's size and how many of its cases have their next action due today or earlier (the
 * home's counts): the worklist's candidates (its roll-up rows) and due day (the case's last action's
 * next date, else the day it opened), without the rows' patient columns and owners.
 */
export async function worklistCounts(
  db: Database,
  user: RequestUser,
  threshold: number,
): Promise<{ total: number; due: number }> {
  const today = dateLiteral(ledgerToday());
  const [row] = await namedRowsOf<{ total: number; due: number }>(
    db,
    sql`with s as (${candidatesSql(user, { townshipIds: [] }, threshold, today)}),
      w as (select s.patient_id, coalesce(s.last_observed_date::date, s.counted_from::date - 1) as missed_since from s)
      select count(*)::int as total,
        count(*) filter (where coalesce(f.next_date, w.missed_since + ${intLiteral(threshold)}) <= ${today})::int as due
      from w left join lateral (select f.next_date from follow_ups f
        where f.patient_id = w.patient_id and f.case_since >= w.missed_since
        order by f.case_since desc, f.id desc limit 1) f on true`,
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
  // Named (docs/decisions/0205): by a patient's id, whose generic plan is as good as any, so each
  // connection plans them a few times, not on every call (planning took longer than running).
  const [actions, closings] = await Promise.all([
    namedRowsOf<FollowUpRecord>(
      db,
      sql`select ${RECORD_COLUMNS} from follow_ups f left join users u on u.id = f.recorded_by
        where f.patient_id = ${patientId} order by f.case_since desc, f.id desc`,
    ),
    namedRowsOf<{ case_since: string; observed_on: string | null; ended_on: string | null }>(
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
