import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { COMMUNITY_OPERATIONS as OPS } from '@vot/shared/operations';
import { communities } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { pagingOf } from '../../lib/paging';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { activeVolunteer } from '../volunteers/repository';
import { COMMUNITY_NOT_FOUND, findCommunity, listCommunities, setReferrals } from './repository';

const ENTITY = 'Community';

/**
 * SPEC.md §7 communities: a volunteer's community activities with the people referred, by place.
 * The volunteer must be active and in the user's townships (else 404), on create and on update;
 * an update replaces every referral row.
 */
export default async function communitiesRoutes(app: FastifyInstance) {
  const { db } = app;

  register(app, OPS.list, async ({ request, query }) => {
    const paging = pagingOf(request);
    const { data, total } = await listCommunities(db, signedInUser(request), query, paging);
    return { data, status: 'success' as const, total };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await findCommunity(db, signedInUser(request), idOf(request, COMMUNITY_NOT_FOUND)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const user = signedInUser(request);
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
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'created') };
  });

  register(app, OPS.update, async ({ request, body: input }) => {
    const user = signedInUser(request);
    const id = idOf(request, COMMUNITY_NOT_FOUND);
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
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'updated') };
  });

  register(app, OPS.remove, async ({ request }) => {
    const user = signedInUser(request);
    const id = idOf(request, COMMUNITY_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await findCommunity(tx, user, id);
      // Its referral rows go with it (ON DELETE CASCADE); the audit entry keeps them.
      await tx.delete(communities).where(eq(communities.id, id));
      return { audit: { action: 'delete', entity: 'communities', entity_id: id, before }, result: null };
    });
    return { message: successMessage(ENTITY, 'deleted') };
  });
}
