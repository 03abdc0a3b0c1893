import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Training } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { townships, trainings, volunteers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageOf, type Paging } from '../../lib/paging';
import type { RequestUser } from '../../http/auth';
import { activeInScope } from '../volunteers/repository';

export const TRAINING_NOT_FOUND = 'Training not found.';
/** The days of a month (yyyy-mm, checked by the shared monthFilter) as a half-open range; none means every month. */
export function monthRange(month: string | undefined): { from: string; to: string } | null {
  if (!month) return null;
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/**
 * Trainings are reached through their volunteer: only an active volunteer within the user's
 * township scope shows its trainings, so another township's training is a 404 like its volunteer.
 */
function selectTrainings(db: Database) {
  return db
    .select({
      id: trainings.id,
      volunteer_id: volunteers.id,
      volunteer_name: volunteers.name,
      township_id: townships.id,
      township_name: townships.name,
      date: trainings.date,
      type: trainings.type,
    })
    .from(trainings)
    .innerJoin(volunteers, eq(volunteers.id, trainings.volunteer_id))
    .leftJoin(townships, eq(townships.id, volunteers.township_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTrainings>['execute']>>[number];

function toTraining(r: Row): Training {
  return {
    id: r.id,
    volunteer: {
      id: r.volunteer_id,
      name: r.volunteer_name,
      township: r.township_id === null ? null : { id: r.township_id, name: r.township_name! },
    },
    date: r.date,
    type: r.type,
  } satisfies Training;
}

const visible = activeInScope;

/** One volunteer's trainings, newest first, optionally of one month. The volunteer is checked by the caller. */
export async function listTrainings(
  db: Database,
  volunteerId: number,
  month: { from: string; to: string } | null,
  paging: Partial<Paging>,
) {
  const where = and(
    eq(trainings.volunteer_id, volunteerId),
    month ? and(gte(trainings.date, month.from), lt(trainings.date, month.to)) : undefined,
  );
  const query = selectTrainings(db)
    .where(where)
    .orderBy(desc(trainings.date), desc(trainings.id))
    .offset(paging.offset ?? 0);
  const { data, total } = await pageOf(query, db.select({ total: count() }).from(trainings).where(where), paging.limit);
  return { data: data.map(toTraining), total };
}

export async function findTraining(db: Database, user: RequestUser, id: number): Promise<Training> {
  const [row] = await selectTrainings(db)
    .where(and(eq(trainings.id, id), visible(user)))
    .limit(1);
  if (!row) throw notFound(TRAINING_NOT_FOUND);
  return toTraining(row);
}
