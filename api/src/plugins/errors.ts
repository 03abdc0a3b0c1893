import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from '../lib/http-errors';
import { pgErrorCode } from '../lib/pg-errors';

/**
 * PostgreSQL's answers to a value it cannot store (a number out of range, an impossible date, text
 * where a number belongs): the input was bad, so the client gets a 400, not a 500.
 */
const DATA_ERRORS = new Set(['22003', '22007', '22008', '22P02']);

/** A request's URL without its query: signed file links must not sit in the log while they work. */
const pathOnly = (url: string): string => url.split('?')[0] ?? url;

/**
 * What the log may keep of a request and of an error. A failed query's message carries its
 * parameters (password hashes, phone numbers, addresses): only the query's kind, the database's
 * error code and message, and the stack frames are logged.
 */
export const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({ method: request.method, url: pathOnly(request.url), remoteAddress: request.ip }),
  err: (error: FastifyError) => {
    const cause = error.cause instanceof Error ? error.cause : null;
    return {
      type: error.name,
      code: pgErrorCode(error),
      message: cause ? cause.message : (error.message.split('\nparams:')[0] ?? ''),
      stack: (error.stack ?? '')
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n'),
    };
  },
};

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
    if (DATA_ERRORS.has(pgErrorCode(error) ?? ''))
      return reply.status(400).send({ message: 'The given data was invalid.' });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SOMETHING_WRONG });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );
}
