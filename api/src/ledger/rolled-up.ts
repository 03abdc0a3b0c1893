// Reading the dose ledger's roll-up (patient_ledgers, patient_ledger_months) as of a day: the
// summaries, the missed runs and the bands the lists show. rollup.ts keeps the roll-up.
import { sql, type SQL } from 'drizzle-orm';
import { intLiteral } from '../db/rows';
import { ON_VOT, PENDING_DAYS, awaitingFrom, countedEnd, missedBandSql, summaryOfFactsSql, type AsOf } from './sql';

const day = (asOf: AsOf) => (typeof asOf === 'string' ? sql`${asOf}::date` : asOf);

/**
 * The bits of the days of `month` (a month row's first day) from the first day still awaiting review
 * on `asOf` to `asOf`: the window of a pending day's review time, as a mask of that month's days.
 */
export function awaitingMaskSql(month: SQL, asOf: AsOf): SQL {
  const from = sql`greatest(${awaitingFrom(asOf)}, ${month})`;
  const to = sql`least(${day(asOf)}, (${month} + interval '1 month')::date - 1)`;
  return sql`(case when ${to} < ${from} then 0::int8
    else ((1::int8 << extract(day from ${to})::int) - 1) & ~((1::int8 << (extract(day from ${from})::int - 1)) - 1) end)`;
}

/** The pending days of a patient (by id) still awaiting review on `asOf`, from its month rows (one or two). */
function awaitingOfMonthsSql(patientId: SQL, asOf: AsOf): SQL {
  return sql`(select coalesce(sum(bit_count((p.pending_mask::int8 & ${awaitingMaskSql(sql`p.month`, asOf)})::bit(64))), 0)::int
    from patient_ledger_months p
    where p.patient_id = ${patientId} and p.month between date_trunc('month', ${awaitingFrom(asOf)})::date and date_trunc('month', ${day(asOf)})::date)`;
}

/** The counted end as of `asOf` of a patient_ledgers row `r`. */
const rolledUpEnd = (asOf: AsOf) => countedEnd(sql`r.end_date`, asOf, sql`r.last_decided_date = ${day(asOf)}`);

/** The ledger summaries as of `asOf` (today or later) of the patient_ledgers rows `r` that `from` reads (its from and where). */
const summaryOfRowsSql = (from: SQL, asOf: AsOf) =>
  summaryOfFactsSql(
    sql`select r.patient_id, r.start_date, ${rolledUpEnd(asOf)} as end_date, r.observed_days, r.not_observed_days, r.last_observed_date, r.longest_gap,
        r.verified_days, case when r.last_pending_date >= ${awaitingFrom(asOf)} then ${awaitingOfMonthsSql(sql`r.patient_id`, asOf)} else 0 end as awaiting_days
      ${from}`,
    asOf,
  );

/**
 * The ledger summary (shared LedgerSummary) of the VOT patients matching `where` (a condition on
 * `patients`), from the roll-up: equal to ledgerSummarySql for any as-of day from today on.
 */
export function rolledUpSummarySql(where: SQL | undefined, asOf: AsOf): SQL {
  return summaryOfRowsSql(
    sql`from patient_ledgers r join patients on patients.id = r.patient_id where ${ON_VOT}${where ? sql` and (${where})` : sql``}`,
    asOf,
  );
}

/**
 * The ledger summary (shared LedgerSummary) as of `asOf` (today or later) of the `patients` row of
 * the enclosing query (by that name), as one json value, null when it is not on VOT: a column of a
 * list's page query, so a page reads its rows and their ledger in one statement. The same summary
 * as rolledUpSummarySql's, by the same derivation.
 */
export function rolledUpSummaryOfRowSql(asOf: AsOf): SQL {
  return sql`(select to_json(l) from (${summaryOfRowsSql(sql`from patient_ledgers r where r.patient_id = patients.id and ${ON_VOT}`, asOf)}) l)`;
}

/**
 * A condition on a `patients` row (by that name, e.g. in a list's where): on VOT with no end date
 * (the early warning is for treatment still going on), and its current missed run is at least `n`
 * days as of `asOf` (today or later), from the roll-up. The run ends at the counted end, so it began
 * on or before asOf - n: a range on the open VOTs' missed_since index finds the few candidates,
 * nationally, before the exact test.
 */
export function rolledUpMissedRunSql(n: number, asOf: AsOf): SQL {
  return sql`(${ON_VOT} and patients."DOT_end_date" is null and patients.id in (
    select r.patient_id from patient_ledgers r
    where r.end_date is null and r.missed_since <= ${day(asOf)} - ${intLiteral(n)} and ${rolledUpEnd(asOf)} - r.missed_since >= ${intLiteral(n)}))`;
}

/**
 * The open VOTs of the roll-up (`r`) whose current missed run reached `n` days as of `asOf`, of the
 * patients matching `where` (a condition on `patients`): the candidates come from the open rows'
 * missed_since index, and each one's patient is checked by its primary key (a subquery the planner
 * keeps per row), so a national list reads its few thousand candidates, not every patient.
 */
function openMissedRunsFrom(n: number, where: SQL | undefined, asOf: AsOf, since?: SQL): SQL {
  return sql`from patient_ledgers r
    where r.end_date is null and r.missed_since <= ${since ? sql`least(${day(asOf)} - ${intLiteral(n)}, ${since})` : sql`${day(asOf)} - ${intLiteral(n)}`}
      and ${rolledUpEnd(asOf)} - r.missed_since >= ${intLiteral(n)}
      and exists (select 1 from patients where patients.id = r.patient_id and ${ON_VOT} and patients."DOT_end_date" is null
        ${where ? sql`and (${where})` : sql``} offset 0)`;
}

/** The ledger summaries as of `asOf` of the patients rolledUpMissedRunSql(n, asOf) and `where` select, read as openMissedRunsFrom does. */
export const rolledUpMissedRunSummarySql = (n: number, where: SQL | undefined, asOf: AsOf) =>
  summaryOfRowsSql(openMissedRunsFrom(n, where, asOf), asOf);

/**
 * The open VOTs whose current missed run reached `n` days as of `asOf`, of the few patients matching
 * `where` (a condition on `patients`: a township's, read from the township index): each patient's
 * roll-up row joined by its key. The rows rolledUpMissedRunSql selects, in one join the planner
 * plans quickly (docs/decisions/0207).
 */
const fewPatientsMissedRunsFrom = (n: number, where: SQL | undefined, asOf: AsOf) =>
  sql`from patients join patient_ledgers r on r.patient_id = patients.id
    where ${ON_VOT} and patients."DOT_end_date" is null${where ? sql` and (${where})` : sql``}
      and r.end_date is null and r.missed_since <= ${day(asOf)} - ${intLiteral(n)} and ${rolledUpEnd(asOf)} - r.missed_since >= ${intLiteral(n)}`;

/** The ledger summaries of the few patients of fewPatientsMissedRunsFrom. */
export const rolledUpFewMissedRunsSummarySql = (n: number, where: SQL | undefined, asOf: AsOf) =>
  summaryOfRowsSql(fewPatientsMissedRunsFrom(n, where, asOf), asOf);

/** How many patients fewPatientsMissedRunsFrom selects. */
export const rolledUpFewMissedRunsCountSql = (n: number, where: SQL | undefined, asOf: AsOf) =>
  sql`select count(*)::int as total ${fewPatientsMissedRunsFrom(n, where, asOf)}`;

/**
 * The ledger summaries of the candidates of rolledUpMissedRunSummarySql that can be among its
 * `first` rows by the longest current run (docs/decisions/0204): a run is the counted end (today,
 * or yesterday while today is undecided) less missed_since, so the `first` rows in missed_since
 * order (read from the open rows' index, stopping there) bound the run of the `first` longest; any
 * row whose missed_since is two days past the last of them has a shorter run than each of them.
 * Those up to one day past it can tie and are read too, so the caller's exact order by run (then
 * adherence) over these rows gives the same first rows as over all candidates.
 */
export function rolledUpLongestMissedRunsSummarySql(n: number, where: SQL | undefined, asOf: AsOf, first: number): SQL {
  const last = sql`(select max(b.missed_since) + 1 from (select r.missed_since ${openMissedRunsFrom(n, where, asOf)}
    order by r.missed_since limit ${first}) b)`;
  return summaryOfRowsSql(openMissedRunsFrom(n, where, asOf, last), asOf);
}

/** How many patients rolledUpMissedRunSql(n, asOf) and `where` select, counted as openMissedRunsFrom reads them. */
export const rolledUpMissedRunCountSql = (n: number, where: SQL | undefined, asOf: AsOf) =>
  sql`select count(*)::int as total ${openMissedRunsFrom(n, where, asOf)}`;

/**
 * Per VOT patient matching `where` (a condition on `patients`), the missed-dose band (group 6) as of
 * any day `asOf`, past ones included, from the monthly roll-up: one row per patient, its latest month
 * up to asOf (an index probe), gives the observed days up to asOf (the earlier months' count, plus
 * this month's days up to asOf by the mask when it is asOf's month) and whether asOf itself is
 * decided (its bit). Records after a past asOf are not counted, as in the live ledger.
 */
export function missedBandAsOfSql(where: SQL | undefined, asOf: string): SQL {
  const month = sql`date_trunc('month', ${asOf}::date)::date`;
  const dayOfMonth = sql`extract(day from ${asOf}::date)::int`;
  const upTo = sql`((1::int8 << ${dayOfMonth}) - 1)`;
  const bit = sql`(1::int8 << (${dayOfMonth} - 1))`;
  // Days still awaiting review: the latest month's pending bits in the review window, and, when the
  // window reaches into the month before asOf's, that month's (an index probe, on the first days of a month only).
  const awaiting = sql`(coalesce(bit_count((m.pending_mask::int8 & ${awaitingMaskSql(sql`m.month`, asOf)})::bit(64))::int, 0)
    + case when m.month = ${month} and ${dayOfMonth} <= ${intLiteral(PENDING_DAYS)} then coalesce((
        select bit_count((p.pending_mask::int8 & ${awaitingMaskSql(sql`p.month`, asOf)})::bit(64))::int from patient_ledger_months p
        where p.patient_id = c.patient_id and p.month = (${month} - interval '1 month')::date), 0) else 0 end)`;
  return sql`select t.patient_id, ${missedBandSql(sql`t.days_elapsed`, sql`t.days_elapsed - t.observed_days`)} as missed_band
    from (
      select c.patient_id,
        greatest(${countedEnd(sql`c."DOT_end_date"`, asOf, sql`(m.month = ${month} and (m.decided_mask::int8 & ${bit}) <> 0)`)} - c."DOT_start_date" + 1, 0)::int
          - ${awaiting} as days_elapsed,
        coalesce(case when m.month = ${month} then m.observed_before + bit_count((m.observed_mask::int8 & ${upTo})::bit(64))::int
          else m.observed_before + m.observed_days end, 0) - ${awaiting} as observed_days
      from (select patients.id as patient_id, patients."DOT_start_date", patients."DOT_end_date" from patients where ${ON_VOT}${where ? sql` and (${where})` : sql``}) c
      left join lateral (
        select m.month, m.observed_days, m.observed_before, m.observed_mask, m.decided_mask, m.pending_mask from patient_ledger_months m
        where m.patient_id = c.patient_id and m.month <= ${month} order by m.month desc limit 1
      ) m on true
    ) t`;
}
