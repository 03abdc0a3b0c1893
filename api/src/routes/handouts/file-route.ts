import type { FastifyInstance } from 'fastify';
import { isStoredName } from '../../lib/files';
import { notFound } from '../../lib/http-errors';
import { checkLink } from '../../lib/link-sessions';
import { answers, routeSchema } from '../../openapi/routes';
import { filesPath, handoutByStoredName } from './repository';
import type { LinkQuery } from '../../lib/signed-links';

const FILE_NOT_FOUND = 'File not found.';

/** A file name for Content-Disposition: a plain ASCII fallback and the exact name in RFC 5987 form. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET handout-files/:name?expires&signature: the PDF behind a handout's signed link. No bearer
 * token (it opens in a new tab); the signature is the credential, so it is checked first, then
 * the name must be one the store generated and a handout still points at (a replaced file's old
 * link is a 404). Served inline, never cached, never sniffed as anything but a PDF.
 */
export function registerHandoutFileRoute(app: FastifyInstance): void {
  const { db } = app;
  const store = app.handoutFiles;

  const schema = routeSchema({
    summary: "A handout's PDF behind its signed link (no token)",
    signed: true,
    response: answers.file('The PDF, inline', ['application/pdf']),
  });
  app.get('/handout-files/:name', { schema }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!isStoredName(name)) throw notFound(FILE_NOT_FOUND);
    await checkLink(app, filesPath(app.prefix, name), request.query as LinkQuery);
    const handout = await handoutByStoredName(db, name);
    const size = handout ? (await store.stat(name))?.size : undefined;
    const stream = size === undefined ? null : await store.get(name);
    if (!handout || size === undefined || !stream) throw notFound(FILE_NOT_FOUND);
    return reply
      .headers({
        'content-type': 'application/pdf',
        'content-length': String(size),
        'content-disposition': disposition(handout.original_name),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        // The signature is in the URL: a link clicked inside the PDF must not pass it on.
        'referrer-policy': 'no-referrer',
      })
      .send(stream);
  });
}
