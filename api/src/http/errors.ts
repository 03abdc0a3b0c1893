import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from '../lib/http-errors';
import { BODY_TOO_LARGE } from '../lib/limits';
import { pgErrorCode } from '../lib/pg-errors';

/**
 * PostgreSQL's answers to a value it cannot store (a number out of range, an impossible date, text
 * where a number belongs, a NUL byte in text): the input was bad, so the client gets a 400, not a 500.
 */
const DATA_ERRORS = new Set(['22003', '22007', '22008', '22021', '22P02']);

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
 * Headers of every answer, errors included. Answers hold personal and health data: no browser or
 * proxy keeps a copy (a route may say more, e.g. 'private, no-store' on a file, never less), and
 * no browser guesses a type other than the one sent.
 */
export const ANSWER_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/** Gives an answer ANSWER_HEADERS: the one place every answer passes, the onSend hook and the framework's own errors alike. */
export function withAnswerHeaders(reply: FastifyReply): FastifyReply {
  if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? '')))
    reply.header('Cache-Control', ANSWER_HEADERS['Cache-Control']);
  return reply.header('X-Content-Type-Options', ANSWER_HEADERS['X-Content-Type-Options']);
}

/** The router's answer to a path it cannot decode (`%zz`), on any path, a route's or not. */
export const BAD_ADDRESS = 'The address is not valid.';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: BAD_ADDRESS,
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/**
 * Errors the router raises before any route or hook runs (a malformed escape in the path, a path
 * parameter past its length): Fastify answers these itself, bypassing the error handler and the
 * onSend hook, so they are given the same shape and headers here (Fastify's `frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  withAnswerHeaders(reply)
    .status(message ? (error.statusCode ?? 400) : 500)
    .send({ message: message ?? SOMETHING_WRONG });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a malformed request line, headers
 * past their size, a request too slow to arrive): Fastify's `clientErrorHandler`, written straight
 * to the socket as Fastify's default does, but as `{ message }` with ANSWER_HEADERS.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  const headers = Object.entries(ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${headers.join('')}Connection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * Every error leaves as `{ message, errors? }` with the right status: our HttpErrors as they are,
 * Fastify's own 4xx (bad JSON, body too large, wrong content type) with a readable message,
 * and anything else as a logged 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    withAnswerHeaders(reply);
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toJSON());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? MESSAGES.invalidJson
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? MESSAGES.notAnObject
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? BODY_TOO_LARGE
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
