import type { FastifyInstance } from 'fastify';

/** SPEC.md §7 communities: being built in this change. */
export default async function communitiesRoutes(_app: FastifyInstance) {}
