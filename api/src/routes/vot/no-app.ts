import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, max, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DASHBOARD_WORK,
  NO_APP_DOT_PAGE_SIZE,
  PATIENT_STATUS,
  lastVisitDay,
  nextNoAppStatus,
  successMessage,
} from '@vot/shared/domain';
import { NO_APP_OPERATIONS as OPS } from '@vot/shared/operations';
import type { NoAppDay, NoAppDayList, NoAppExportRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, patients } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { pagingOf } from '../../lib/paging';
import { register, registerRead } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { builtStatements } from '../../lib/built-statements';
import { inScope } from '../../lib/scope';
import { signedInUser } from '../../http/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { NOT_ON_VOT } from './patient';
import { datePlaceholders, patientFound, patientRead, visitPatient, type GivenDates } from './visit-repository';
import { lockPatients, type LockedPatients } from '../../ledger';

export const NO_APP_DAY_NOT_FOUND = 'DOT not found.';
export const NOT_NO_APP = 'Only a No App patient has no-app days.';
export const DAY_OUTSIDE_VOT = 'Every date must be within the VOT dates and not after today!';

const dayColumns = { id: dots.id, patient_id: dots.patient_id, date: dots.date, work_status: dots.work_status };
const isNoApp = eq(dots.created, 'no-app');

function daysWhere(
  patientId: number | Placeholder,
  filter: { start_date?: string | Placeholder; end_date?: string | Placeholder },
): SQL | undefined {
  return and(
    eq(dots.patient_id, patientId),
    isNoApp,
    filter.start_date ? gte(dots.date, filter.start_date) : undefined,
    filter.end_date ? lte(dots.date, filter.end_date) : undefined,
  );
}

/**
 * The no-app grid's one statement for a shape (the user's scope, which dates are given, paged or
 * whole), built once (lib/built-statements.ts): the counters' one row (with the last day and whether
 * the patient is found: visit-repository.ts patientFound), and beside it the page's days, newest
 * first as the other visit lists (the days to tick today are on page 1), only where the patient is
 * found. The counters and the days are read from dots_patient_list_idx alone. Named: its plan is the
 * same for every patient.
 */
const gridStatements = builtStatements<ReturnType<typeof noAppGrid>>('no_app_grid');

function noAppGrid(db: Database, bounded: boolean, dates: GivenDates, paged: boolean, name: string) {
  const patient = sql.placeholder('patient');
  const where = daysWhere(patient, datePlaceholders(dates));
  const lastDay = db
    .select({ day: max(dots.date) })
    .from(dots)
    .where(daysWhere(patient, {}));
  const counters = db
    .select({
      total: sql<number>`count(*)`.mapWith(Number).as('total'),
      achieved: sql<number>`count(*) filter (where ${dots.work_status})`.mapWith(Number).as('achieved'),
      notAchieved: sql<number>`count(*) filter (where not ${dots.work_status})`.mapWith(Number).as('not_achieved'),
      last: sql<string | null>`(${lastDay})`.mapWith(dots.date).as('last'),
      found: sql<boolean>`${patientFound(bounded, patient)}`.as('found'),
    })
    .from(dots)
    .where(where)
    .as('counters');
  const days = db.select(dayColumns).from(dots).where(where).orderBy(desc(dots.date)).offset(sql.placeholder('offset'));
  const page = (paged ? days.limit(sql.placeholder('limit')) : days).as('page');
  return db
    .select({
      counters: {
        total: counters.total,
        achieved: counters.achieved,
        notAchieved: counters.notAchieved,
        last: counters.last,
        found: counters.found,
      },
      day: { id: page.id, patient_id: page.patient_id, date: page.date, work_status: page.work_status },
    })
    .from(counters)
    .leftJoin(page, sql`${counters.found}`)
    .orderBy(desc(page.date))
    .prepare(name);
}

/**
 * SPEC.md §2 No-app DOT screen and §7 No-app calls: the days of a volunteer's patient without the
 * phone app, which staff create as a date range (every day, once) and mark achieved / not achieved
 * (SPEC.md §4). A day is a `dots` row with created 'no-app' (work 5, a visit with a volunteer), so
 * the calendar's neighbours and the dose ledger read one table.
 */
export default async function noAppRoutes(app: FastifyInstance) {
  const { db } = app;

  // Read alongside the session check, in one statement built once per shape (noAppGrid).
  registerRead(app, OPS.days, async ({ request, user, query: filter }): Promise<NoAppDayList> => {
    const { limit, offset } = pagingOf(request, NO_APP_DOT_PAGE_SIZE);
    const { bounded, dates, paged, shape, values } = patientRead(
      user,
      idOf(request, PATIENT_NOT_FOUND),
      filter,
      limit,
      offset,
    );
    const rows = await gridStatements(db, shape, (name) => noAppGrid(db, bounded, dates, paged, name)).execute(values);
    const { total, achieved, notAchieved, last, found } = rows[0]!.counters;
    if (!found) throw notFound(PATIENT_NOT_FOUND);
    const data = rows.flatMap((r) => (r.day ? [r.day] : []));
    return {
      data,
      status: 'success' as const,
      total,
      counts: { achieved, notAchieved, notMarked: total - achieved - notAchieved },
      last_date: last,
    };
  });

  register(app, OPS.create, async ({ request, body: input }) => {
    const days = [...new Set(input.dates)].sort();
    const data = await mutate(db, request, async (tx) => {
      // The patient's row before its records, in the app upload's order (ledger/lock.ts): the
      // triggers of dots lock a month-count row in the write itself, and the other order deadlocks
      // with an upload. Before the reads too: the entries filing the days are the latest committed.
      const locked = await lockPatients(tx, [input.patient_id], signedInUser(request));
      const patient = await visitPatient(tx, signedInUser(request), input.patient_id);
      if (patient.VOT_accept !== 'Yes' || !patient.DOT_start_date) throw conflict(NOT_ON_VOT);
      if (patient.type !== 'No App') throw conflict(NOT_NO_APP);
      const last = lastVisitDay(patient.DOT_end_date);
      if (days[0]! < patient.DOT_start_date || days.at(-1)! > last) throw fieldError('dates', DAY_OUTSIDE_VOT);
      const entries = await tx
        .select({ id: changeVolunteers.id, change_date: changeVolunteers.change_date })
        .from(changeVolunteers)
        .where(eq(changeVolunteers.patient_id, patient.id))
        .orderBy(desc(changeVolunteers.change_date), desc(changeVolunteers.id));
      // Days already there are skipped by the unique index of no-app days, also against a concurrent create.
      const created = await tx
        .insert(dots)
        .values(
          days.map((date) => ({
            uuid: randomUUID(),
            patient_id: patient.id,
            change_volunteer_id: entries.find((e) => e.change_date <= date)?.id ?? null,
            date,
            work: DASHBOARD_WORK.withVolunteer,
            created: 'no-app',
          })),
        )
        .onConflictDoNothing()
        .returning(dayColumns);
      await locked.refreshLedgers();
      return {
        audit: {
          action: 'create',
          entity: 'dots',
          entity_id: patient.id,
          after: { no_app_days: created.map((d) => d.date) },
        },
        result: created satisfies NoAppDay[],
      };
    });
    return { data, status: 'success' as const, message: successMessage('DOT', 'created') };
  });

  /** A no-app day in the user's scope (another township's is a 404). */
  async function findDay(tx: Database, request: FastifyRequest): Promise<NoAppDay> {
    const [row] = await tx
      .select(dayColumns)
      .from(dots)
      .innerJoin(patients, eq(patients.id, dots.patient_id))
      .where(
        and(
          eq(dots.id, idOf(request, NO_APP_DAY_NOT_FOUND)),
          isNoApp,
          eq(patients.status, PATIENT_STATUS.active),
          inScope(patients.township_id, signedInUser(request)),
        ),
      )
      .limit(1);
    if (!row) throw notFound(NO_APP_DAY_NOT_FOUND);
    return row;
  }

  /**
   * The day, its patient locked (ledger/lock.ts: the patient's row before the record), read again
   * after the lock: two ticks of one day at once (a double click) then toggle twice, the second
   * from the first's result, instead of both from the same state.
   */
  async function lockedDay(tx: Database, request: FastifyRequest): Promise<[NoAppDay, LockedPatients]> {
    const locked = await lockPatients(tx, [(await findDay(tx, request)).patient_id]);
    return [await findDay(tx, request), locked];
  }

  /** Sets a day's status: the tick (SPEC.md §4, `nextNoAppStatus`) or the reset (null). */
  function setStatus(op: typeof OPS.tick | typeof OPS.reset, next: (day: NoAppDay) => boolean | null) {
    register(app, op, async ({ request }) => {
      const data = await mutate(db, request, async (tx) => {
        const [before, locked] = await lockedDay(tx, request);
        const after = { ...before, work_status: next(before) };
        await tx
          .update(dots)
          .set({ work_status: after.work_status, updated_at: new Date() })
          .where(eq(dots.id, before.id));
        await locked.refreshLedgers();
        return { audit: { action: 'update', entity: 'dots', entity_id: before.id, before, after }, result: after };
      });
      return { data, status: 'success' as const, message: successMessage('DOT', 'updated') };
    });
  }
  setStatus(OPS.tick, (day) => nextNoAppStatus(day.work_status));
  setStatus(OPS.reset, () => null);

  register(app, OPS.remove, async ({ request }) => {
    await mutate(db, request, async (tx) => {
      const [before, locked] = await lockedDay(tx, request);
      await tx.delete(dots).where(eq(dots.id, before.id));
      await locked.refreshLedgers();
      return { audit: { action: 'delete', entity: 'dots', entity_id: before.id, before }, result: null };
    });
    return { message: successMessage('DOT', 'deleted') };
  });

  register(app, OPS.exportOf, async ({ request, query: filter }) => {
    const patient = await visitPatient(db, signedInUser(request), idOf(request, PATIENT_NOT_FOUND));
    const rows = await db.select(dayColumns).from(dots).where(daysWhere(patient.id, filter)).orderBy(asc(dots.date));
    const data: NoAppExportRow[] = rows.map((r) => ({
      id: r.id,
      patient: { name: patient.name },
      date: r.date,
      work_status: r.work_status,
    }));
    return { data, status: 'success' as const };
  });
}
