import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { TRAINING_OPERATIONS as OPS } from '@vot/shared/operations';
import type { Training, TrainingExportRow, TrainingPage } from '@vot/shared/schemas';
import { trainings } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { pagingOf } from '../../lib/paging';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { VOLUNTEER_NOT_FOUND, activeVolunteer } from '../volunteers/repository';
import { TRAINING_NOT_FOUND, findTraining, listTrainings, monthRange } from './repository';

/** The `:id` of a per-volunteer route (a volunteer's id), as an active volunteer within the user's scope, else 404. */
function volunteerOf(request: FastifyRequest) {
  return activeVolunteer(request.server.db, signedInUser(request), idOf(request, VOLUNTEER_NOT_FOUND));
}

/** A spreadsheet row of SPEC.md §7: the volunteer and township by name. */
function exportRow(t: Training): TrainingExportRow {
  return { volunteer: t.volunteer.name, township: t.volunteer.township?.name ?? null, date: t.date, type: t.type };
}

/** SPEC.md §7 trainings: per-volunteer list and export with a month filter, and the training records. */
export default async function trainingsRoutes(app: FastifyInstance) {
  const { db } = app;

  register(app, OPS.listOf, async ({ request, query }): Promise<TrainingPage> => {
    const paging = pagingOf(request);
    const month = monthRange(query.month_year);
    const volunteer = await volunteerOf(request);
    const { data, total } = await listTrainings(db, volunteer.id, month, paging);
    // Whose trainings: the screen's title, with no second call for the volunteer.
    return { data, status: 'success' as const, total, volunteer: { id: volunteer.id, name: volunteer.name } };
  });

  register(app, OPS.exportOf, async ({ request, query }) => {
    const month = monthRange(query.month_year);
    const volunteer = await volunteerOf(request);
    const { data } = await listTrainings(db, volunteer.id, month, {});
    return { data: data.map(exportRow), status: 'success' as const };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await findTraining(db, signedInUser(request), idOf(request, TRAINING_NOT_FOUND)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      await activeVolunteer(tx, signedInUser(request), input.volunteer_id);
      const [row] = await tx.insert(trainings).values(input).returning({ id: trainings.id });
      const after = await findTraining(tx, signedInUser(request), row!.id);
      return { audit: { action: 'create', entity: 'trainings', entity_id: row!.id, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Training', 'created') };
  });

  register(app, OPS.update, async ({ request, body: input }) => {
    const id = idOf(request, TRAINING_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await findTraining(tx, signedInUser(request), id);
      // The body names the volunteer again; moving a training is allowed only to a volunteer one may see.
      await activeVolunteer(tx, signedInUser(request), input.volunteer_id);
      await tx
        .update(trainings)
        .set({ ...input, updated_at: new Date() })
        .where(eq(trainings.id, id));
      const after = await findTraining(tx, signedInUser(request), id);
      return { audit: { action: 'update', entity: 'trainings', entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Training', 'updated') };
  });

  register(app, OPS.remove, async ({ request }) => {
    const id = idOf(request, TRAINING_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await findTraining(tx, signedInUser(request), id);
      await tx.delete(trainings).where(eq(trainings.id, id));
      return { audit: { action: 'delete', entity: 'trainings', entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage('Training', 'deleted') };
  });
}
