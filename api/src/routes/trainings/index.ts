import type { FastifyInstance } from 'fastify';

/** SPEC.md §7 trainings: being built in this change. */
export default async function trainingsRoutes(_app: FastifyInstance) {}
