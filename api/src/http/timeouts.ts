import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientErrorHandler } from './errors';

/**
 * How long a request may take to arrive (docs/api.md "Timeouts"). An upload on a township's link
 * takes minutes while it moves, so no route has a fixed limit on a moving upload: its connection
 * is cut only when silent for `uploadIdleMs`. Every other body is at most 128 KB of JSON, which
 * arrives in seconds even at 0.5 Mbit/s: it must be whole within `bodyMs`, so a request trickled
 * a byte at a time ends. A connection silent for `idleMs` (no request, no answer moving) closes.
 */
export interface Timeouts {
  idleMs: number;
  uploadIdleMs: number;
  bodyMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body is a file's bytes (the resumable uploads): the upload idle time, no body deadline. */
    upload?: boolean;
  }
}

/** An upload route: a multipart form in its schema, or `config.upload` (the resumable uploads). */
function isUpload(request: FastifyRequest): boolean {
  const options = request.routeOptions;
  if (options.config?.upload) return true;
  const body = options.schema?.body as { content?: Record<string, unknown> } | undefined;
  return !!body?.content?.['multipart/form-data'];
}

const TIMED_OUT = Object.assign(new Error('request timed out'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/** Answers 408 (when nothing was answered yet) and closes the connection. */
function cut(socket: Socket, answered: boolean): void {
  if (answered) socket.destroy();
  else clientErrorHandler(TIMED_OUT, socket);
}

export function registerTimeouts(app: FastifyInstance, timeouts: Timeouts): void {
  app.server.setTimeout(timeouts.idleMs, (socket: Socket) => cut(socket, true));
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // A request made in-process (inject, tests) has no connection to time.
    if (typeof raw.socket?.setTimeout !== 'function') return;
    if (isUpload(request)) {
      // Silent for the upload idle time: cut; any byte that arrives starts the count again.
      raw.socket.setTimeout(timeouts.uploadIdleMs);
      return;
    }
    if (raw.complete || ((raw.headers['content-length'] ?? '0') === '0' && !raw.headers['transfer-encoding'])) return;
    const timer = setTimeout(() => {
      if (!raw.complete) cut(raw.socket, reply.raw.headersSent);
    }, timeouts.bodyMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
}

/**
 * `Expect: 100-continue` (the console's proxy sends it with every body; curl with large ones): the
 * 100 goes out only when the route starts reading the body. A refusal decided from the headers (a
 * 413 from Content-Length, a 401, a 409 for a stored record) is then answered before a byte of the
 * body was sent, and the connection never closes with unread data in it, whose reset would lose
 * the answer on its way (the client would see a broken connection, or a proxy's 502).
 */
export function continueWhenRead(app: FastifyInstance): void {
  app.server.on('checkContinue', (req, res) => {
    const read = req._read.bind(req);
    req._read = (size: number) => {
      req._read = read;
      if (!res.headersSent) res.writeContinue();
      read(size);
    };
    app.server.emit('request', req, res);
  });
}
