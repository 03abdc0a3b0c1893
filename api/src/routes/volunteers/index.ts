import type { FastifyInstance } from 'fastify';

/** SPEC.md §7 volunteers: being built in this change. */
export default async function volunteersRoutes(_app: FastifyInstance) {}
