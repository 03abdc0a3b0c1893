import type { FastifyInstance } from 'fastify';

/** SPEC.md §7 handouts: being built in this change. */
export default async function handoutsRoutes(_app: FastifyInstance) {}
