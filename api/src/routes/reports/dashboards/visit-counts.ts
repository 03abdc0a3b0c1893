import { and, eq, exists, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DashboardQuery } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { changeVolunteers, dots, visitMonthCounts, volunteers } from '../../../db/schema';

/**
 * The volunteers' own visit records of a period, counted, for the dashboards that count what a
 * volunteer did (the monthly volunteer report, the volunteer dashboard's "reported"):
 * whole months from `visit_month_counts` (kept by triggers on dots, migration
 * 0013_visit_month_counts; docs/decisions/0094), and the days of a period that starts
 * or ends within a month from the records themselves (dots_date_idx), so every figure is the one
 * counting the records would give.
 */

/**
 * A visit record (of dots) the volunteer made: an own visit (work 1) or a video observed (work 2, the
 * volunteer's review of the patient's video), sent from the phone app. A patient's own video (3), a
 * supervisor's visit (4) and staff records on the web (5, 6, no-app boxes) are not. The roll-up holds
 * these records only (drizzle/0018_visit_counts_volunteer_records.sql, the same condition in SQL).
 */
export const VOLUNTEER_RECORD = and(eq(dots.created, 'app'), inArray(dots.work, [1, 2]))!;

/** yyyy-mm-dd of the first day of the month after `day`'s. */
function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Whether `day` is the last day of its month. */
function lastOfMonth(day: string): boolean {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
}

/**
 * The period split into the whole months it covers, read from the roll-up (`months`: a condition
 * on its month, or false when it covers none), and the days outside them, read from the records
 * (`days`: a condition on a date column, or false when there are none). Without dates, every month.
 */
export function periodSplit(q: DashboardQuery): {
  months: ((month: PgColumn) => SQL | undefined) | false;
  days: ((date: PgColumn) => SQL | undefined) | false;
} {
  const { start_date: start, end_date: end } = q;
  // The first whole month, and the first day after the last whole month.
  const from = start === undefined ? undefined : start.endsWith('-01') ? start : nextMonth(start);
  const to = end === undefined ? undefined : lastOfMonth(end) ? nextMonth(end) : `${end.slice(0, 7)}-01`;
  if (from !== undefined && to !== undefined && from >= to) {
    // Within one month, or from a day of one to a day of the next: no whole month.
    return {
      months: false,
      days: (date) => and(start ? gte(date, start) : undefined, end ? lte(date, end) : undefined),
    };
  }
  const head = start !== undefined && from !== undefined && start < from ? [start, from] : undefined;
  const tail = end !== undefined && to !== undefined && to <= end ? [to, end] : undefined;
  return {
    months: (month) => and(from ? gte(month, from) : undefined, to ? lt(month, to) : undefined),
    days:
      head || tail
        ? (date) =>
            or(
              head ? and(gte(date, head[0]!), lt(date, head[1]!)) : undefined,
              tail ? and(gte(date, tail[0]!), lte(date, tail[1]!)) : undefined,
            )
        : false,
  };
}

/** The columns `within` (below) may narrow the records by. */
export interface RecordOwners {
  /** The volunteer of the record's change-volunteer entry. */
  volunteer_id: PgColumn;
  patient_id: PgColumn;
}

/**
 * The period's visit records as rows of counts (volunteer, patient, month, visits, work status
 * true, work status false, late): roll-up rows for the whole months, and the records of the days
 * outside them counted the same way, so a national period starting or ending mid-month adds tens of
 * thousands of rows, not its records. The volunteer is the record's entry's (null without one).
 * Join it to volunteers or to patients. `within` narrows the records read for those days (the
 * chosen volunteers, the township's patients) so a township's or a volunteer's figures read their
 * records by dots' indexes rather than the country's days; the roll-up's rows are reached through
 * the join (its (volunteer_id, month) and (patient_id, month) indexes).
 */
export function visitCounts(db: Database, q: DashboardQuery, within?: (owners: RecordOwners) => SQL | undefined) {
  const { months, days } = periodSplit(q);
  const fromRollup = (inMonths: SQL | undefined) =>
    db
      .select({
        volunteer_id: visitMonthCounts.volunteer_id,
        patient_id: visitMonthCounts.patient_id,
        month: visitMonthCounts.month,
        visits: visitMonthCounts.visits,
        work_true: visitMonthCounts.work_true,
        work_false: visitMonthCounts.work_false,
        late: visitMonthCounts.late,
      })
      .from(visitMonthCounts)
      .where(inMonths);
  const recordMonth = sql<string>`date_trunc('month', ${dots.date}::timestamp)::date`;
  const fromRecords = (inDays: SQL | undefined) =>
    db
      .select({
        volunteer_id: changeVolunteers.volunteer_id,
        patient_id: dots.patient_id,
        month: recordMonth.as('month'),
        visits: sql<number>`count(*)::int`.as('visits'),
        work_true: sql<number>`(count(*) filter (where ${dots.work_status} is true))::int`.as('work_true'),
        work_false: sql<number>`(count(*) filter (where ${dots.work_status} is false))::int`.as('work_false'),
        late: sql<number>`(count(*) filter (where coalesce(${dots.late_remark}, '') <> ''))::int`.as('late'),
      })
      .from(dots)
      .leftJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
      .where(
        and(
          VOLUNTEER_RECORD,
          inDays,
          within?.({ volunteer_id: changeVolunteers.volunteer_id, patient_id: dots.patient_id }),
        ),
      )
      .groupBy(changeVolunteers.volunteer_id, dots.patient_id, recordMonth);
  if (months === false) return fromRecords(days === false ? undefined : days(dots.date)).as('visit_counts');
  if (days === false) return fromRollup(months(visitMonthCounts.month)).as('visit_counts');
  return fromRollup(months(visitMonthCounts.month))
    .unionAll(fromRecords(days(dots.date)))
    .as('visit_counts');
}

/** A sum over visit_counts rows (0 over none). */
export const sumOf = (column: SQL.Aliased<number> | PgColumn | SQL) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * Who has a visit record dated in the period, in two parts: `inMonths`, the condition that the
 * volunteer (a `volunteers.id` column) has a roll-up row of a whole month of it (by the roll-up's
 * (volunteer_id, month) index, per volunteer), and `onDays`, the volunteers of `township` (a
 * condition on a volunteer's township) with a record on its other days, found once as a table to
 * join (reading each volunteer's records for a few days cost seconds nationally). Either is
 * undefined when the period has no such part.
 */
export function visitors(
  db: Database,
  volunteerId: PgColumn,
  q: DashboardQuery,
  township: (townshipId: PgColumn) => SQL | undefined,
) {
  const { months, days } = periodSplit(q);
  const reporters = alias(volunteers, 'reporters');
  return {
    inMonths:
      months === false
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(visitMonthCounts)
              .where(and(eq(visitMonthCounts.volunteer_id, volunteerId), months(visitMonthCounts.month))),
          ),
    onDays:
      days === false
        ? undefined
        : db
            .selectDistinct({ id: sql<number>`${changeVolunteers.volunteer_id}`.as('visitor_id') })
            .from(dots)
            .innerJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
            .innerJoin(reporters, eq(reporters.id, changeVolunteers.volunteer_id))
            .where(and(VOLUNTEER_RECORD, days(dots.date), township(reporters.township_id)))
            .as('day_visitors'),
  };
}
