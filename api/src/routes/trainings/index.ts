import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import * as yup from 'yup';
import {
  monthFilter,
  trainingSchema,
  type Training,
  type TrainingExportRow,
  type TrainingPage,
} from '@vot/shared/schemas';
import { trainings } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { pagingOf } from '../../lib/paging';
import { bodyOf, idOf, queryOf, updateRoute } from '../../lib/requests';
import { allow, signedInUser } from '../../plugins/auth';
import { VOLUNTEER_NOT_FOUND, activeVolunteer } from '../volunteers/repository';
import { TRAINING_NOT_FOUND, findTraining, listTrainings, monthRange } from './repository';
import { answers, routeSchema } from '../../openapi/routes';

/** The `:id` of a per-volunteer route (a volunteer's id), as an active volunteer within the user's scope, else 404. */
function volunteerOf(request: FastifyRequest) {
  return activeVolunteer(request.server.db, signedInUser(request), idOf(request, VOLUNTEER_NOT_FOUND));
}

/** A spreadsheet row of SPEC.md §7: the volunteer and township by name. */
function exportRow(t: Training): TrainingExportRow {
  return { volunteer: t.volunteer.name, township: t.volunteer.township?.name ?? null, date: t.date, type: t.type };
}

/** The month_year filter of the trainings list and its export. */
const monthQuery = yup.object({ month_year: monthFilter('Month') });
const monthOf = async (request: FastifyRequest) => monthRange((await queryOf(monthQuery, request)).month_year);

/** SPEC.md §7 trainings: per-volunteer list and export with a month filter, and the training records. */
export default async function trainingsRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/volunteer-trainings/:id',
    {
      preHandler: allow('trainings', 'read'),
      schema: routeSchema({
        summary: "A volunteer's trainings, newest first, and the volunteer (TrainingPage)",
        querystring: monthQuery,
        paged: true,
        response: answers.whole('TrainingPage'),
      }),
    },
    async (request): Promise<TrainingPage> => {
      const paging = pagingOf(request);
      const month = await monthOf(request);
      const volunteer = await volunteerOf(request);
      const { data, total } = await listTrainings(db, volunteer.id, month, paging);
      // Whose trainings: the screen's title, with no second call for the volunteer.
      return { data, status: 'success', total, volunteer: { id: volunteer.id, name: volunteer.name } };
    },
  );

  app.get(
    '/volunteer-trainings-export/:id',
    {
      preHandler: allow('trainings', 'export'),
      schema: routeSchema({
        summary: "A volunteer's trainings for the spreadsheet",
        querystring: monthQuery,
        response: answers.rows('TrainingExportRow'),
      }),
    },
    async (request) => {
      const month = await monthOf(request);
      const volunteer = await volunteerOf(request);
      const { data } = await listTrainings(db, volunteer.id, month, {});
      return { data: data.map(exportRow), status: 'success' };
    },
  );

  app.get(
    '/trainings/:id',
    {
      preHandler: allow('trainings', 'read'),
      schema: routeSchema({ summary: 'One training', response: answers.item('Training') }),
    },
    async (request) => ({
      data: await findTraining(db, signedInUser(request), idOf(request, TRAINING_NOT_FOUND)),
      status: 'success',
    }),
  );

  app.post(
    '/trainings',
    {
      preHandler: allow('trainings', 'create'),
      schema: routeSchema({
        summary: 'Record a training',
        body: trainingSchema,
        refusals: [404],
        response: answers.item('Training', 201),
      }),
    },
    async (request, reply) => {
      const input = await bodyOf(trainingSchema, request);
      const data = await mutate(db, request, async (tx) => {
        await activeVolunteer(tx, signedInUser(request), input.volunteer_id);
        const [row] = await tx.insert(trainings).values(input).returning({ id: trainings.id });
        const after = await findTraining(tx, signedInUser(request), row!.id);
        return { audit: { action: 'create', entity: 'trainings', entity_id: row!.id, after }, result: after };
      });
      return reply.status(201).send({ data, status: 'success', message: successMessage('Training', 'created') });
    },
  );

  updateRoute(
    app,
    '/trainings/:id',
    {
      preHandler: allow('trainings', 'update'),
      schema: routeSchema({ summary: 'Update a training', body: trainingSchema, response: answers.item('Training') }),
    },
    async (request) => {
      const id = idOf(request, TRAINING_NOT_FOUND);
      const input = await bodyOf(trainingSchema, request);
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
      return { data, status: 'success', message: successMessage('Training', 'updated') };
    },
  );

  app.delete(
    '/trainings/:id',
    {
      preHandler: allow('trainings', 'delete'),
      schema: routeSchema({
        summary: 'Delete a training',
        response: answers.message('Training has been deleted successfully!'),
      }),
    },
    async (request) => {
      const id = idOf(request, TRAINING_NOT_FOUND);
      await mutate(db, request, async (tx) => {
        const before = await findTraining(tx, signedInUser(request), id);
        await tx.delete(trainings).where(eq(trainings.id, id));
        return { audit: { action: 'delete', entity: 'trainings', entity_id: id, before }, result: null };
      });
      return { data: null, status: 'success', message: successMessage('Training', 'deleted') };
    },
  );
}
