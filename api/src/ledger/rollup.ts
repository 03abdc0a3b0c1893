import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lockStatement, patientIdList } from './lock';
import {
  AWAITING_REVIEW,
  NOT_OBSERVED,
  OBSERVED,
  OBSERVED_DAY,
  ON_VOT,
  RECORDED_DAYS,
  VERIFIED,
  ledgerFactsSql,
} from './sql';

/**
 * The dose ledger's roll-up (docs/decisions/0074, 0075): `patient_ledgers` (a row per patient
 * on VOT) and `patient_ledger_months` (a row per patient and month with records), built by the
 * ledger's own SQL (./sql.ts) over each patient's whole VOT, [DOT start, DOT end or open]. Records
 * are never dated after today (every write path refuses a later date), so the facts of the whole VOT
 * are the facts up to today, and the summary as of today (or any later day) is derived from them at
 * read time with the same derivation as the live ledger: lists and reports read a row per patient
 * instead of every record.
 *
 * Kept by `refreshLedgers(tx, ids)`, called in the transaction of every write that changes a
 * patient's ledger (visit records, the no-app grid, the VOT start/end/accept, the change-volunteer
 * history that files no-app days), or for one new visit record (the app upload, the dashboard
 * visit) by `rollUpNewVisit(tx, record)`, which updates the rows from that record alone and rebuilds
 * only where that cannot be exact, or for a verdict on a video by `rollUpVerdict` (./verdict-rollup.ts); `refreshAllLedgers` for bulk loads (demo data, benchmarks).
 * test/ledger-rollup.test.ts fails when a write path forgets; test/ledger-incremental.test.ts checks
 * that the update from a record equals the rebuild after any sequence of them.
 */

/** The open window of every VOT patient matching `where`: the whole VOT, whatever the day. */
const openWindowSql = (
  where: SQL | undefined,
) => sql`select patients.id as patient_id, patients."DOT_start_date" as start_date,
    coalesce(patients."DOT_end_date", '9999-12-31'::date) as end_date
  from patients
  where ${ON_VOT}${where ? sql` and (${where})` : sql``}`;

/** The rows of patient_ledgers for the patients matching `where`. */
const ledgerRowsSql = (
  where: SQL | undefined,
) => sql`with ledger_window as (${openWindowSql(where)}), ${ledgerFactsSql()}
  select f.patient_id, f.start_date, nullif(f.end_date, '9999-12-31'::date) as end_date, f.observed_days, f.not_observed_days,
    f.last_observed_date, f.last_decided_date, f.longest_gap, coalesce(f.last_observed_date, f.start_date - 1) as missed_since,
    f.verified_days, f.last_pending_date
  from ledger_facts f`;

/** Bit d-1 of day d of its month: a day in a month's mask. */
const DAY_BIT = sql.raw(`(1 << (extract(day from r.date)::int - 1))`);

/** The rows of patient_ledger_months for the patients matching `where`. */
const monthRowsSql = (where: SQL | undefined) => sql`with ledger_window as (${openWindowSql(where)})
  select m.patient_id, m.month, m.observed_days,
    (coalesce(sum(m.observed_days) over (partition by m.patient_id order by m.month rows between unbounded preceding and 1 preceding), 0))::int as observed_before,
    m.not_observed_days, m.observed_mask, m.decided_mask, m.pending_mask, m.verified_mask
  from (
    select r.patient_id, date_trunc('month', r.date)::date as month,
      count(*) filter (where r.observed)::int as observed_days,
      count(*) filter (where not r.observed and r.not_observed)::int as not_observed_days,
      coalesce(sum(${DAY_BIT}) filter (where r.observed), 0)::int as observed_mask,
      coalesce(sum(${DAY_BIT}) filter (where r.observed or r.not_observed), 0)::int as decided_mask,
      coalesce(sum(${DAY_BIT}) filter (where r.pending), 0)::int as pending_mask,
      coalesce(sum(${DAY_BIT}) filter (where r.verified), 0)::int as verified_mask
    from (${RECORDED_DAYS}) r
    group by 1, 2
  ) m`;

const LEDGER_COLUMN_LIST =
  'patient_id, start_date, end_date, observed_days, not_observed_days, last_observed_date, last_decided_date, longest_gap, missed_since, verified_days, last_pending_date';
const MONTH_COLUMN_LIST =
  'patient_id, month, observed_days, observed_before, not_observed_days, observed_mask, decided_mask, pending_mask, verified_mask';
const LEDGER_COLUMNS = sql.raw(LEDGER_COLUMN_LIST);
const MONTH_COLUMNS = sql.raw(MONTH_COLUMN_LIST);

/** `column = excluded.column` for the columns of a list but the key's. */
const fromExcluded = (list: string, key: string[]) =>
  list
    .split(', ')
    .filter((column) => !key.includes(column))
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
const LEDGER_UPDATE = sql.raw(`${fromExcluded(LEDGER_COLUMN_LIST, ['patient_id'])}, updated_at = excluded.updated_at`);
const MONTH_UPDATE = sql.raw(fromExcluded(MONTH_COLUMN_LIST, ['patient_id', 'month']));
const MONTH_VALUES = MONTH_COLUMN_LIST.split(', ').filter((column) => column !== 'patient_id' && column !== 'month');
const MONTH_CHANGED = sql.raw(
  `(${MONTH_VALUES.map((c) => `patient_ledger_months.${c}`).join(', ')}) is distinct from (${MONTH_VALUES.map((c) => `excluded.${c}`).join(', ')})`,
);

/**
 * The statement that rebuilds the roll-up of the patients matching `where` (rows: the same, on the
 * roll-up's tables; none: all). One statement, so a write's refresh is one round trip: the fresh rows
 * are computed once, the stored rows they no longer have are deleted and the rest upserted (the CTEs
 * touch disjoint rows, as one statement's must). A month row is only rewritten when it changed (a
 * visit of today changes this month's row, not the earlier ones); a patient's row always is, as its
 * updated_at says when it was refreshed.
 */
function rebuildStatement(where: SQL | undefined, rows: SQL | undefined): SQL {
  const stale = (table: string, fresh: string, sameRow: string) =>
    sql`delete from ${sql.raw(table)} r where ${rows ? sql`${rows} and ` : sql``}not exists (select 1 from ${sql.raw(fresh)} f where ${sql.raw(sameRow)})`;
  return sql`with fresh_ledgers as (${ledgerRowsSql(where)}),
    fresh_months as (${monthRowsSql(where)}),
    stale_ledgers as (${stale('patient_ledgers', 'fresh_ledgers', 'f.patient_id = r.patient_id')}),
    stale_months as (${stale('patient_ledger_months', 'fresh_months', 'f.patient_id = r.patient_id and f.month = r.month')}),
    ledgers as (
      insert into patient_ledgers (${LEDGER_COLUMNS}) select ${LEDGER_COLUMNS} from fresh_ledgers
      on conflict (patient_id) do update set ${LEDGER_UPDATE}
    )
    insert into patient_ledger_months (${MONTH_COLUMNS}) select ${MONTH_COLUMNS} from fresh_months
    on conflict (patient_id, month) do update set ${MONTH_UPDATE} where ${MONTH_CHANGED}`;
}

/**
 * Recomputes the roll-up of these patients, inside the caller's transaction (the write that changed
 * them). The patients' rows are locked first (FOR NO KEY UPDATE: compatible with the key-share lock
 * a record's foreign key takes), so two writes for one patient refresh one after the other, the
 * second seeing the first's records: a concurrent upload cannot leave a stale roll-up behind. The
 * lock must come in a statement before the rebuild's (a statement waiting for a lock keeps the
 * snapshot it began with). This form takes the lock itself, which is right only for a transaction
 * that wrote nothing of these patients before (fixtures, bulk loads); a write path locks first and
 * refreshes through the lock it holds (`lockPatients(…).refreshLedgers()`, ./patient-lock.ts).
 */
export async function refreshLedgers(tx: Database, patientIds: Iterable<number>): Promise<void> {
  const list = patientIdList(patientIds);
  if (!list) return;
  await tx.execute(lockStatement(list));
  await rebuildLocked(tx, list);
}

/**
 * Rebuilds the roll-up of the patients of the list, whose rows the transaction holds: only through
 * `LockedPatients` (./patient-lock.ts), the proof that they were locked before their records' write.
 */
export async function rebuildLocked(tx: Database, list: SQL): Promise<void> {
  await tx.execute(rebuildStatement(sql`patients.id in (${list})`, sql`patient_id in (${list})`));
}

/**
 * The statement that updates the roll-up of a record's patient from that one new record (by id),
 * given a roll-up equal to the rebuild of every other record the statement sees (the patient's
 * lock, taken by an earlier statement, makes it so). Answers one row, `action`:
 * - 'updated': the record's day changed from what the month row's masks say it was (unrecorded,
 *   undecided, not observed) to what it is with the record, and the facts that depend on that day
 *   alone were adjusted: the patient's counts, last observed and decided days, missed_since; the
 *   month row's counts and masks (a new month row when the month had no recorded day, its
 *   observed_before from the month before it); the observed_before of the patient's later months.
 *   The longest gap grows by the gap before a new last observed day; a new observed day before
 *   the last one splits a gap in two, which shortens nothing unless it was the longest.
 * - 'unchanged': nothing to do (the patient is not on VOT, the day is outside the VOT, or the day
 *   was already what the record makes it: observed, or decided and the record decides nothing
 *   more). No row is written.
 * - 'rebuild': the update cannot be exact from the stored rows, and nothing was written: the new
 *   observed day splits the longest gap (the next longest is not stored), or the stored rows do
 *   not agree with the patient (no row, or other VOT dates: the rebuild repairs them).
 * - 'split' (without `splits`): a new observed day before the last observed one, which splits a
 *   gap in two; nothing was written. The statement with `splits` finds the observed days around it
 *   in the records (two index probes) to tell 'updated' from 'rebuild'. Without it the statement is
 *   leaner to plan, which is most of its time, for the common case: a new day after the last.
 * No row at all: no such record (rebuild too).
 */
function newVisitStatement(visitId: number, splits: boolean): SQL {
  const split = splits
    ? sql`coalesce((
              select min(d.date) from dots d where d.patient_id = s.patient_id and d.date > s.date and d.date <= s.last_observed_date and ${OBSERVED_DAY}
            ) - coalesce((
              select max(d.date) from dots d where d.patient_id = s.patient_id and d.date >= s.start_date and d.date < s.date and ${OBSERVED_DAY}
            ), s.start_date - 1) - 1 >= s.longest_gap, true) then 'rebuild'`
    : sql`true then 'split'`;
  // rec materialized: its OBSERVED (with a subquery) planned and run once, not once per use of the column.
  return sql`with rec as materialized (
      select d.patient_id, d.date, ${OBSERVED} as observed, ${NOT_OBSERVED} as not_observed, ${VERIFIED} as verified,
        ${AWAITING_REVIEW} as awaiting,
        date_trunc('month', d.date)::date as month, (1 << (extract(day from d.date)::int - 1)) as bit
      from dots d where d.id = ${visitId}::int
    ),
    s as (
      select rec.*, patients."DOT_start_date" as start_date, patients."DOT_end_date" as end_date,
        l.patient_id is not null as has_ledger, l.start_date as ledger_start, l.end_date as ledger_end, l.last_observed_date, l.longest_gap,
        m.month is not null as has_month,
        coalesce((m.observed_mask & rec.bit) <> 0, false) as was_observed,
        coalesce((m.decided_mask & rec.bit) <> 0, false) as was_decided,
        coalesce((m.pending_mask & rec.bit) <> 0, false) as was_pending,
        coalesce((m.verified_mask & rec.bit) <> 0, false) as was_verified
      from rec
      left join patients on patients.id = rec.patient_id and ${ON_VOT}
      left join patient_ledgers l on l.patient_id = rec.patient_id
      left join patient_ledger_months m on m.patient_id = rec.patient_id and m.month = rec.month
    ),
    t as (
      select s.*, case
          when s.start_date is null and not s.has_ledger then 'unchanged'
          when s.start_date is null or not s.has_ledger or s.ledger_start <> s.start_date or s.ledger_end is distinct from s.end_date then 'rebuild'
          when s.date < s.start_date or s.date > s.end_date then 'unchanged'
          when s.awaiting or s.was_pending then 'rebuild'
          when s.observed and not s.was_observed and s.date < s.last_observed_date and ${split}
          when (s.observed and not s.was_observed) or (s.not_observed and not s.was_decided) or (s.verified and not s.was_verified)
            or not s.has_month then 'updated'
          else 'unchanged'
        end as action
      from s
    ),
    n as (
      select t.patient_id, t.date, t.month, t.observed, t.not_observed, t.has_month,
        (t.observed and not t.was_observed)::int as observed_delta,
        (t.verified and not t.was_verified)::int as verified_delta,
        case when t.observed then -((t.was_decided and not t.was_observed)::int) when t.not_observed and not t.was_decided then 1 else 0 end as not_observed_delta,
        case when t.observed then t.bit else 0 end as observed_bit,
        case when t.observed or t.not_observed then t.bit else 0 end as decided_bit,
        case when t.verified then t.bit else 0 end as verified_bit
      from t where t.action = 'updated'
    ),
    ledger as (
      update patient_ledgers l set
        observed_days = l.observed_days + n.observed_delta,
        not_observed_days = l.not_observed_days + n.not_observed_delta,
        verified_days = l.verified_days + n.verified_delta,
        last_observed_date = case when n.observed then greatest(l.last_observed_date, n.date) else l.last_observed_date end,
        last_decided_date = case when n.observed or n.not_observed then greatest(l.last_decided_date, n.date) else l.last_decided_date end,
        longest_gap = case when n.observed and n.date > coalesce(l.last_observed_date, l.start_date - 1)
          then greatest(l.longest_gap, n.date - coalesce(l.last_observed_date, l.start_date - 1) - 1) else l.longest_gap end,
        missed_since = coalesce(case when n.observed then greatest(l.last_observed_date, n.date) else l.last_observed_date end, l.start_date - 1),
        updated_at = now()
      from n where l.patient_id = n.patient_id and (n.observed_delta <> 0 or n.not_observed_delta <> 0 or n.verified_delta <> 0)
    ),
    later_months as (
      update patient_ledger_months m set observed_before = m.observed_before + 1
      from n where n.observed_delta = 1 and m.patient_id = n.patient_id and m.month > n.month
    ),
    this_month as (
      insert into patient_ledger_months (${MONTH_COLUMNS})
      select n.patient_id, n.month, n.observed_delta,
        case when n.has_month then 0 else coalesce((
          select e.observed_before + e.observed_days from patient_ledger_months e where e.patient_id = n.patient_id and e.month < n.month order by e.month desc limit 1
        ), 0) end,
        n.not_observed_delta, n.observed_bit, n.decided_bit, 0, n.verified_bit
      from n
      on conflict (patient_id, month) do update set
        observed_days = patient_ledger_months.observed_days + excluded.observed_days,
        not_observed_days = patient_ledger_months.not_observed_days + excluded.not_observed_days,
        observed_mask = patient_ledger_months.observed_mask | excluded.observed_mask,
        decided_mask = patient_ledger_months.decided_mask | excluded.decided_mask,
        verified_mask = patient_ledger_months.verified_mask | excluded.verified_mask
    )
    select t.action from t`;
}

/** What rollUpNewVisit did: adjusted the roll-up from the record, found nothing to change, or rebuilt the patient's. */
export type NewVisitRollUp = 'updated' | 'unchanged' | 'rebuilt';

/**
 * Updates the roll-up for one new visit record (its id and patient), inside the caller's
 * transaction, from that record alone (newVisitStatement): the app upload's and the dashboard
 * visit's write, one statement instead of the patient's whole rebuild (two for a new observed day
 * before the last observed one). Where an update from the record alone cannot be exact it
 * rebuilds the patient's roll-up (refreshLedgers' statement) in the same transaction. Exact only
 * when the roll-up agreed with the patient's other records and this record is the transaction's
 * only change of them: the patient's row is locked before (by this call, or through the lock the
 * write path holds: `lockPatients(…).rollUpNewVisit(…)`), so writes for one patient update
 * one after the other, each seeing the last one's roll-up and records.
 */
export async function rollUpNewVisit(tx: Database, visit: { id: number; patient_id: number }): Promise<NewVisitRollUp> {
  await tx.execute(lockStatement(sql`${visit.patient_id}::int`));
  return rollUpLocked(tx, visit);
}

/** rollUpNewVisit for a record whose patient the transaction holds: only through `LockedPatients`. */
export async function rollUpLocked(tx: Database, visit: { id: number; patient_id: number }): Promise<NewVisitRollUp> {
  const update = async (splits: boolean) => {
    const result = (await tx.execute(newVisitStatement(visit.id, splits))) as unknown as {
      rows: { action: 'updated' | 'unchanged' | 'rebuild' | 'split' }[];
    };
    return result.rows[0]?.action ?? 'rebuild';
  };
  let action = await update(false);
  if (action === 'split') action = await update(true);
  if (action === 'updated' || action === 'unchanged') return action;
  await rebuildLocked(tx, sql`${visit.patient_id}::int`);
  return 'rebuilt';
}

/** Recomputes the whole roll-up (after a bulk load of records: demo data, benchmark generators). */
export async function refreshAllLedgers(db: Database): Promise<void> {
  await db.execute(rebuildStatement(undefined, undefined));
}

/**
 * The patients whose stored roll-up differs from the one their records give now (ordered ids):
 * empty when every write kept it. The check of the tests, and of an operator who doubts a figure.
 */
export function rollupDriftSql(): SQL {
  const stored = sql.raw(`select ${LEDGER_COLUMN_LIST} from patient_ledgers`);
  const storedMonths = sql.raw(`select ${MONTH_COLUMN_LIST} from patient_ledger_months`);
  return sql`select patient_id from (
      ((${stored}) except (${ledgerRowsSql(undefined)})) union all ((${ledgerRowsSql(undefined)}) except (${stored}))
    ) l
    union
    select patient_id from (
      ((${storedMonths}) except (${monthRowsSql(undefined)})) union all ((${monthRowsSql(undefined)}) except (${storedMonths}))
    ) m
    order by 1`;
}
