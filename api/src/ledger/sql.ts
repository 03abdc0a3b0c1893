import { sql, type SQL } from 'drizzle-orm';
import { intLiteral } from '../db/rows';

/**
 * THE definition of the dose ledger (docs/decisions/0073), in SQL so that one patient's
 * panel, a VOT Status list page and the national VOT report all count the same way. Everything
 * here is a query builder over `patients`, `dots` and `change_volunteers`; callers narrow the
 * patients with a condition on the `patients` table (scope, list, ids) and pick the as-of day.
 *
 * The rules:
 * - A patient is on VOT with VOT_accept 'Yes' and a DOT_start_date; others have no ledger (no row).
 * - Counted days run from DOT_start_date to the DOT_end_date or the as-of day (today in Asia/Yangon),
 *   whichever is first. The as-of day itself counts only once it has a record that decides it: the
 *   day is not over, so an empty today is not yet a missed dose. Records before the start or after
 *   the end do not count.
 * - A record is *observed* (evidence of the dose) or *not observed* by its kind
 *   (docs/decisions/0130-dose-verdicts.md):
 *   - own visit (work 1, in person with a signature), video observed (work 2, the volunteer's
 *     review of the patient's video) and staff records (work 5/6): by the work status, true or
 *     false; without one (older records), observed.
 *   - a patient's own video (work 3): by its reviewer's verdict (review_dose_taken); without one it
 *     is *awaiting review*, once its video has arrived: a record whose video is still uploading or
 *     missing (video_awaited) is no evidence and decides nothing without a verdict.
 *   - a supervisor's visit (work 4): never a dose; its status is kept on the record, not counted.
 *   - no-app boxes (records filed under a change-volunteer entry of type 'No App'): by their work
 *     status alone; null ("not yet marked") decides nothing.
 * - Several records on one day make one day: observed wins over not observed; a video awaiting
 *   review decides the day only when no other record does. Such a day is *pending*: it awaits
 *   review for three days after the dose day (PENDING_DAYS, 72 hours) and counts as neither observed
 *   nor missed (it is left out of the counted days); after that it counts as observed, "video not
 *   reviewed": reported, not verified.
 * - *Verified* days are observed in person (work 1) or by a reviewed video (work 2, or work 3 with
 *   its verdict); reported adherence counts every observed day, verified adherence these.
 * - A day with no record (or only an unmarked no-app box, or a supervisor's visit) is unrecorded.
 *   Missed = counted − observed (not observed + unrecorded); adherence = observed / counted days;
 *   the band is group 6's by missed / counted: under 10 %, 10 % to 50 % inclusive, over 50 %.
 */

/**
 * The record `d` (of dots) is a no-app box: filed under a change-volunteer entry of type 'No App'.
 * An uncorrelated IN, so PostgreSQL hashes the (few) No App entries once per query, whether the
 * query reads one patient's records or the nation's (a join per record would scan the entries).
 */
export const NO_APP_BOX = sql.raw(
  `coalesce(d.change_volunteer_id in (select cv.id from change_volunteers cv where cv.type = 'No App'), false)`,
);
/** Work codes the ledger reads apart: the patient's own video and a supervisor's visit. */
const VIDEO_SENT = 3;
const SUPERVISOR = 4;
/** Days after the dose day that a patient's video awaits review (72 hours), then it counts as observed, not verified. */
export const PENDING_DAYS = 3;

/** The record `d` (of dots) observed a dose (evidence of it; a video awaiting review is not, yet). */
export const OBSERVED = sql`(case d.work when ${sql.raw(String(VIDEO_SENT))} then d.review_dose_taken is true when ${sql.raw(String(SUPERVISOR))} then false
    else d.work_status is true or (d.work_status is null and not ${NO_APP_BOX}) end)`;
/** The record (of dots) by the alias `d` says the dose was not taken. */
const notObservedOf = (d: string) =>
  sql.raw(`(case ${d}.work when ${VIDEO_SENT} then ${d}.review_dose_taken is false when ${SUPERVISOR} then false
    else ${d}.work_status is false end)`);
/** The record `d` says the dose was not taken. */
export const NOT_OBSERVED = notObservedOf('d');
/**
 * The record `d` is a patient's video awaiting its reviewer's verdict: its video has arrived (a
 * record whose video is still uploading or missing, video_awaited, is no evidence and awaits nothing:
 * docs/decisions/0134-missing-video.md).
 */
export const AWAITING_REVIEW = sql.raw(
  `(d.work = ${VIDEO_SENT} and d.review_dose_taken is null and not d.video_awaited)`,
);
/** The record `d` verifies the dose it observed: in person (work 1) or a reviewed video (work 2, or 3 with its verdict). */
export const VERIFIED = sql`(d.work in (1, 2, ${sql.raw(String(VIDEO_SENT))}) and ${OBSERVED})`;
/**
 * The record `d` decides its day (observed, not observed, or a video awaiting review): not an
 * unmarked no-app box, a supervisor's visit, nor a patient's record whose video has not arrived and
 * has no verdict.
 */
export const DECIDED = sql`(case d.work when ${sql.raw(String(VIDEO_SENT))} then d.review_dose_taken is not null or not d.video_awaited
    when ${sql.raw(String(SUPERVISOR))} then false
    else d.work_status is not null or not ${NO_APP_BOX} end)`;

/**
 * The record `d` makes its day observed as the roll-up counts it (RECORDED_DAYS' observed): evidence
 * of the dose, or a video awaiting review on a day no record says not taken. For the few queries
 * that read records without grouping them by day.
 */
export const OBSERVED_DAY = sql`(${OBSERVED} or (${AWAITING_REVIEW} and not exists (
    select 1 from dots o where o.patient_id = d.patient_id and o.date = d.date and ${notObservedOf('o')})))`;

/** Today in Asia/Yangon by the database's clock: the as-of day of conditions fixed once (list definitions). */
export const YANGON_TODAY = sql.raw(`(now() at time zone 'Asia/Yangon')::date`);

/** The as-of day: a yyyy-mm-dd day (a parameter) or a date expression such as YANGON_TODAY. */
export type AsOf = string | SQL;
const day = (asOf: AsOf) => (typeof asOf === 'string' ? sql`${asOf}::date` : asOf);

/** The patient (a row of `patients`, by that name) is on VOT: VOT accepted and a DOT start date. */
export const ON_VOT = sql.raw(`(patients."VOT_accept" = 'Yes' and patients."DOT_start_date" is not null)`);

/**
 * The last counted day of a patient whose VOT ends on `endDate` (null: not ended): the end or the
 * as-of day, whichever is first, and the as-of day only once `decidedAsOf` (it has an observed or
 * not-observed record). The live ledger and the roll-up's readers both take it from here.
 */
export function countedEnd(endDate: SQL, asOf: AsOf, decidedAsOf: SQL): SQL {
  const end = sql`least(coalesce(${endDate}, ${day(asOf)}), ${day(asOf)})`;
  return sql`(case when ${end} = ${day(asOf)} and not coalesce(${decidedAsOf}, false) then ${end} - 1 else ${end} end)`;
}

/**
 * The last counted day of the `patients` row in scope (by that name), read from its records.
 * Before the DOT start date: nothing is counted yet.
 */
export function countedEndSql(asOf: AsOf): SQL {
  return countedEnd(
    sql`patients."DOT_end_date"`,
    asOf,
    sql`exists (
        select 1 from dots d where d.patient_id = patients.id and d.date = ${day(asOf)} and ${DECIDED}
      )`,
  );
}

/** Group 6's missed-dose band of `missed` days out of `elapsed` counted days: under 10 %, 10 % to 50 % inclusive, over 50 %. */
export function missedBandSql(elapsed: SQL, missed: SQL): SQL {
  return sql`(case when ${elapsed} = 0 then null
        when (${missed}) * 10 < ${elapsed} then 'under10'
        when (${missed}) * 2 <= ${elapsed} then 'from10to50'
        else 'over50' end)`;
}

/**
 * The counted window of each VOT patient matching `where` (a condition on `patients`):
 * patient_id, start_date, end_date (end_date < start_date: nothing counted yet).
 */
export function ledgerWindowSql(where: SQL | undefined, asOf: AsOf): SQL {
  return sql`select patients.id as patient_id, patients."DOT_start_date" as start_date, ${countedEndSql(asOf)} as end_date
    from patients
    where ${ON_VOT}${where ? sql` and (${where})` : sql``}`;
}

/**
 * A condition on a `patients` row (by that name, e.g. in a list's where): on VOT, and its current
 * missed run (the summary's current_missed_run) is at least `n` days: `n` counted days, none of the
 * last `n` observed.
 *
 * A patient still on VOT at the as-of day is decided from two uncorrelated sets over the records
 * of the last n + 1 days (hashed once per query, read through dots (date)), so a national list or
 * menu count reads about n + 1 days of records, not a probe per patient: with today decided the
 * counted end is today (missed: nothing observed in the last n days); else it is yesterday (missed:
 * nothing observed from n days ago to yesterday). A patient whose VOT ended earlier gets an index
 * probe of its last counted days. Agreement with the summary is tested (ledger.test.ts).
 */
export function missedRunAtLeastSql(n: number, asOf: AsOf): SQL {
  const today = day(asOf);
  const recent = sql`d.date between ${today} - ${n}::int and ${today}`;
  // Not missing: observed within the last n - 1 days or today, or (today undecided) observed n days ago.
  const notMissing = sql`select d.patient_id from dots d where ${recent} group by d.patient_id
    having bool_or(${OBSERVED_DAY} and d.date > ${today} - ${n}::int)
      or (not bool_or(${DECIDED} and d.date = ${today}) and bool_or(${OBSERVED_DAY} and d.date = ${today} - ${n}::int))`;
  const decidedToday = sql`select distinct d.patient_id from dots d where d.date = ${today} and ${DECIDED}`;
  // Ended before the as-of day: the last counted day once per patient, then one probe of its last n days.
  const endedMissed = sql`(select w.end_date - patients."DOT_start_date" + 1 >= ${n}::int and not exists (
        select 1 from dots d where d.patient_id = patients.id and d.date between w.end_date - ${n - 1}::int and w.end_date and ${OBSERVED_DAY}
      ) from (select ${countedEndSql(asOf)} as end_date) w)`;
  // One uncorrelated set of the missing patients, which the outer query joins (a semi-join), so the
  // recent records are read once per query, not once per patient.
  return sql`(${ON_VOT} and patients.id in (
    select patients.id from patients
    left join (${notMissing}) nm on nm.patient_id = patients.id
    left join (${decidedToday}) dt on dt.patient_id = patients.id
    where ${ON_VOT} and case when patients."DOT_end_date" is null or patients."DOT_end_date" >= ${today}
      then nm.patient_id is null and (${today} - patients."DOT_start_date" >= ${n}::int
        or (${today} - patients."DOT_start_date" + 1 >= ${n}::int and dt.patient_id is not null))
      else ${endedMissed} end))`;
}

/**
 * The recorded days of the windows (the CTE ledger_window): one row per patient and day that has at
 * least one record inside the counted window (patient_id, date, start_date; observed: evidence of
 * the dose, or a video awaiting review and nothing saying not taken; not_observed: a record says
 * not taken; pending: observed only by a video awaiting review; verified; work: the lowest work code
 * of the observing records, 3 for a pending day). Facts over the whole VOT, whatever the as-of day:
 * whether a pending day still awaits review is the as-of day's question (awaitingSql).
 */
export const RECORDED_DAYS = sql`select x.patient_id, x.date, x.start_date,
      x.evidence or (x.awaiting and not x.refused) as observed,
      x.refused as not_observed,
      x.awaiting and not x.evidence and not x.refused as pending,
      x.verified,
      coalesce(x.work, case when x.awaiting and not x.refused then ${sql.raw(String(VIDEO_SENT))} end) as work
    from (
      select d.patient_id, d.date, w.start_date,
        bool_or(${OBSERVED}) as evidence,
        bool_or(${NOT_OBSERVED}) as refused,
        bool_or(${AWAITING_REVIEW}) as awaiting,
        bool_or(${VERIFIED}) as verified,
        min(d.work) filter (where ${OBSERVED}) as work
      from ledger_window w
      join dots d on d.patient_id = w.patient_id and d.date between w.start_date and w.end_date
      group by d.patient_id, d.date, w.start_date
    ) x`;

/** The first day whose pending video still awaits review on the as-of day. */
export const awaitingFrom = (asOf: AsOf): SQL => sql`(${day(asOf)} - ${intLiteral(PENDING_DAYS)})`;

/**
 * The facts of the recorded days of the windows (the CTE ledger_window): CTEs ending in
 * ledger_facts, one row per window (patient_id, start_date, end_date, observed_days,
 * not_observed_days, verified_days, awaiting_days (pending days still awaiting review on `asOf`; 0
 * without it), last_observed_date, last_decided_date, last_pending_date, longest_gap: the longest
 * run without an observed dose from the day before the start to the last observed day). Missed runs
 * are the gaps between observed days, so only recorded days are read, never a row per day. The live
 * summary reads them over the as-of window; the roll-up stores them over the whole VOT (./rollup.ts).
 */
export function ledgerFactsSql(asOf?: AsOf): SQL {
  const awaiting = asOf
    ? sql`coalesce(count(g.date) filter (where g.pending and g.date >= ${awaitingFrom(asOf)}), 0)::int`
    : sql`0`;
  return sql`ledger_gap as (
      select r.patient_id, r.date, r.observed, r.not_observed, r.pending, r.verified,
        case when r.observed then r.date - coalesce(lag(r.date) over (partition by r.patient_id, r.observed order by r.date), r.start_date - 1) - 1 end as gap_before
      from (${RECORDED_DAYS}) r
    ),
    ledger_facts as (
      select w.patient_id, w.start_date, w.end_date,
        coalesce(count(g.date) filter (where g.observed), 0)::int as observed_days,
        coalesce(count(g.date) filter (where not g.observed and g.not_observed), 0)::int as not_observed_days,
        coalesce(count(g.date) filter (where g.verified), 0)::int as verified_days,
        ${awaiting} as awaiting_days,
        max(g.date) filter (where g.observed) as last_observed_date,
        max(g.date) filter (where g.observed or g.not_observed) as last_decided_date,
        max(g.date) filter (where g.pending) as last_pending_date,
        coalesce(max(g.gap_before), 0)::int as longest_gap
      from ledger_window w left join ledger_gap g on g.patient_id = w.patient_id
      group by w.patient_id, w.start_date, w.end_date
    )`;
}

/**
 * The ledger summary (shared LedgerSummary) of `facts`: a relation with patient_id, start_date,
 * end_date (the counted end as of `asOf`), observed_days, not_observed_days, verified_days,
 * awaiting_days, last_observed_date and longest_gap (the facts up to the counted end, a pending day
 * observed). The one derivation, from live facts or rolled-up ones: the days awaiting review leave
 * the counted and the observed days; missed days and runs are unchanged by them (a pending day is
 * not missed, and after its review time it is observed).
 */
export function summaryOfFactsSql(facts: SQL, asOf: AsOf): SQL {
  return sql`select t.patient_id,
      t.start_date::text as counted_from,
      t.end_date::text as counted_to,
      t.days_elapsed,
      t.observed_days,
      t.not_observed_days,
      t.days_elapsed - t.observed_days - t.not_observed_days as unrecorded_days,
      t.days_elapsed - t.observed_days as missed_days,
      case when t.days_elapsed > 0 then round(100.0 * t.observed_days / t.days_elapsed, 1)::float8 end as adherence,
      t.verified_days,
      case when t.days_elapsed > 0 then round(100.0 * t.verified_days / t.days_elapsed, 1)::float8 end as verified_adherence,
      t.awaiting_days as awaiting_review_days,
      ${missedBandSql(sql`t.days_elapsed`, sql`t.days_elapsed - t.observed_days`)} as missed_band,
      greatest(t.longest_gap, t.end_date - coalesce(t.last_observed_date, t.start_date - 1), 0) as longest_missed_run,
      greatest(t.end_date - coalesce(t.last_observed_date, t.start_date - 1), 0) as current_missed_run,
      t.last_observed_date::text as last_observed_date,
      ${day(asOf)} - t.last_observed_date as days_since_last_observed
    from (select f.patient_id, f.start_date, f.end_date, f.not_observed_days, f.verified_days, f.awaiting_days,
        f.last_observed_date, f.longest_gap,
        f.observed_days - f.awaiting_days as observed_days,
        greatest(f.end_date - f.start_date + 1, 0)::int - f.awaiting_days as days_elapsed
      from (${facts}) f) t`;
}

/**
 * One row per VOT patient matching `where`: the ledger summary (shared LedgerSummary), computed live
 * from the records. Wrap it to aggregate, e.g.
 * `select missed_band, count(*) from (${ledgerSummarySql(where, asOf)}) l group by 1`.
 * Lists and reports read the roll-up instead (./rollup.ts), which agrees with this for any as-of
 * day from today on; this stays the reference and serves past as-of days.
 */
export function ledgerSummarySql(where: SQL | undefined, asOf: AsOf): SQL {
  return sql`with ledger_window as (${ledgerWindowSql(where, asOf)}), ${ledgerFactsSql(asOf)}
    ${summaryOfFactsSql(sql`select * from ledger_facts`, asOf)}`;
}

/**
 * A day per date of each window (the CTE ledger_window), with the ledger's status of the day and its
 * provenance (shared LedgerDay): what made an observed day observed, the strongest evidence first
 * (in person, a reviewed video, a no-app tick, a staff record; a video not reviewed), and a pending
 * day still in its review time as 'awaiting_review'.
 */
function daysOfWindowsSql(window: SQL, asOf: AsOf): SQL {
  return sql`with ledger_window as (${window})
    select w.patient_id, g.day::date::text as date,
      case when r.pending and g.day::date >= ${awaitingFrom(asOf)} then 'awaiting_review'
        when r.observed then 'observed' when r.not_observed then 'not_observed' else 'unrecorded' end as status,
      r.work,
      case when r.pending then case when g.day::date >= ${awaitingFrom(asOf)} then 'awaiting_review' else 'video_not_reviewed' end
        when r.observed then p.provenance end as provenance
    from ledger_window w
    cross join lateral generate_series(w.start_date, w.end_date, interval '1 day') as g(day)
    left join (${RECORDED_DAYS}) r on r.patient_id = w.patient_id and r.date = g.day::date
    left join lateral (
      select case when bool_or(d.work = 1 and ${OBSERVED}) then 'in_person'
          when bool_or(d.work in (2, ${sql.raw(String(VIDEO_SENT))}) and ${OBSERVED}) then 'video_reviewed'
          when bool_or(${NO_APP_BOX} and ${OBSERVED}) then 'no_app'
          else 'staff_record' end as provenance
      from dots d where d.patient_id = w.patient_id and d.date = g.day::date
    ) p on r.observed and not r.pending
    order by w.patient_id, g.day`;
}

/**
 * Every counted day of the VOT patients matching `where` (shared LedgerDay), in date order: a row
 * per day, so meant for one patient or a report's small sample, not the nation.
 */
export function ledgerDaysSql(where: SQL | undefined, asOf: AsOf): SQL {
  return daysOfWindowsSql(ledgerWindowSql(where, asOf), asOf);
}

/**
 * The last `n` days of the VOT up to the as-of day, of the VOT patients matching `where` (shared
 * LedgerDay), each as the ledger counts it: the as-of day included even while it has no record
 * (the day is not over: the app shows it as still to be recorded), days after the DOT end date not.
 */
export function recentDaysSql(where: SQL | undefined, asOf: AsOf, n: number): SQL {
  const today = day(asOf);
  return daysOfWindowsSql(
    sql`select patients.id as patient_id,
      greatest(patients."DOT_start_date", ${today} - ${n - 1}::int) as start_date,
      least(coalesce(patients."DOT_end_date", ${today}), ${today}) as end_date
    from patients
    where ${ON_VOT}${where ? sql` and (${where})` : sql``}`,
    asOf,
  );
}
