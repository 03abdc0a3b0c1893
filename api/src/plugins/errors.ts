import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from '../lib/http-errors';

/** The generic answer for anything unexpected: the client shows it as is (SPEC.md §8). */
export const SOMETHING_WRONG = 'Something was wrong!';

/**
 * Every error leaves as `{ message, errors? }` with the right status: our HttpErrors as they are,
 * Fastify's own 4xx (bad JSON, body too large, wrong content type) with a readable message,
 * and anything else as a logged 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toJSON());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? MESSAGES.invalidJson
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? MESSAGES.notAnObject
            : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SOMETHING_WRONG });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` }));
}
