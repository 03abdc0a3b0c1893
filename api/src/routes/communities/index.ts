import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { communitySchema } from '@vot/shared/schemas';
import { communities } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { pagingOf } from '../../lib/paging';
import { bodyOf, idOf, queryOf, updateRoute } from '../../lib/requests';
import { allow, signedInUser } from '../../plugins/auth';
import { activeVolunteer } from '../volunteers/repository';
import { communityQuery } from './query';
import { COMMUNITY_NOT_FOUND, findCommunity, listCommunities, setReferrals } from './repository';
import { answers, routeSchema } from '../../openapi/routes';

const ENTITY = 'Community';

/**
 * SPEC.md §7 communities: a volunteer's community activities with the people referred, by place.
 * The volunteer must be active and in the user's townships (else 404), on create and on update;
 * an update replaces every referral row.
 */
export default async function communitiesRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/communities',
    {
      preHandler: allow('activities', 'read'),
      schema: routeSchema({
        summary: 'Community list',
        querystring: communityQuery,
        paged: true,
        response: answers.list(ENTITY),
      }),
    },
    async (request) => {
      const paging = pagingOf(request);
      const { data, total } = await listCommunities(
        db,
        signedInUser(request),
        await queryOf(communityQuery, request),
        paging,
      );
      return { data, status: 'success', total };
    },
  );

  app.get(
    '/communities/:id',
    {
      preHandler: allow('activities', 'read'),
      schema: routeSchema({ summary: 'One community activity', response: answers.item(ENTITY) }),
    },
    async (request) => ({
      data: await findCommunity(db, signedInUser(request), idOf(request, COMMUNITY_NOT_FOUND)),
      status: 'success',
    }),
  );

  app.post(
    '/communities',
    {
      preHandler: allow('activities', 'create'),
      schema: routeSchema({
        summary: 'Create a community activity',
        body: communitySchema,
        refusals: [404],
        response: answers.item(ENTITY, 201),
      }),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const input = await bodyOf(communitySchema, request);
      const data = await mutate(db, request, async (tx) => {
        await activeVolunteer(tx, user, input.volunteer_id);
        const [row] = await tx
          .insert(communities)
          .values({ volunteer_id: input.volunteer_id, date: input.date, referral: input.referral })
          .returning({ id: communities.id });
        await setReferrals(tx, row!.id, input.referrals);
        const after = await findCommunity(tx, user, row!.id);
        return { audit: { action: 'create', entity: 'communities', entity_id: row!.id, after }, result: after };
      });
      return reply.status(201).send({ data, status: 'success', message: successMessage(ENTITY, 'created') });
    },
  );

  updateRoute(
    app,
    '/communities/:id',
    {
      preHandler: allow('activities', 'update'),
      schema: routeSchema({
        summary: 'Update a community activity (replaces its referrals)',
        body: communitySchema,
        response: answers.item(ENTITY),
      }),
    },
    async (request) => {
      const user = signedInUser(request);
      const id = idOf(request, COMMUNITY_NOT_FOUND);
      const input = await bodyOf(communitySchema, request);
      const data = await mutate(db, request, async (tx) => {
        const before = await findCommunity(tx, user, id);
        await activeVolunteer(tx, user, input.volunteer_id);
        await tx
          .update(communities)
          .set({ volunteer_id: input.volunteer_id, date: input.date, referral: input.referral, updated_at: new Date() })
          .where(eq(communities.id, id));
        await setReferrals(tx, id, input.referrals);
        const after = await findCommunity(tx, user, id);
        return { audit: { action: 'update', entity: 'communities', entity_id: id, before, after }, result: after };
      });
      return { data, status: 'success', message: successMessage(ENTITY, 'updated') };
    },
  );

  app.delete(
    '/communities/:id',
    {
      preHandler: allow('activities', 'delete'),
      schema: routeSchema({
        summary: 'Delete a community activity',
        response: answers.message('Community has been deleted successfully!'),
      }),
    },
    async (request) => {
      const user = signedInUser(request);
      const id = idOf(request, COMMUNITY_NOT_FOUND);
      await mutate(db, request, async (tx) => {
        const before = await findCommunity(tx, user, id);
        // Its referral rows go with it (ON DELETE CASCADE); the audit entry keeps them.
        await tx.delete(communities).where(eq(communities.id, id));
        return { audit: { action: 'delete', entity: 'communities', entity_id: id, before }, result: null };
      });
      return { message: successMessage(ENTITY, 'deleted') };
    },
  );
}
