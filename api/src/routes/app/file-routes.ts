import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dots } from '../../db/schema';
import { JPEG, MP4, PNG, WEBM, contentTypeOf } from '../../files/store';
import { visitFilePath, type VisitFileKind } from '../../files/visit-links';
import { notFound } from '../../lib/http-errors';
import { checkLink } from '../../lib/link-sessions';
import type { LinkQuery } from '../../lib/signed-links';
import { answers, routeSchema } from '../../openapi/routes';

const FILE_NOT_FOUND = 'File not found.';

/**
 * The one byte range of a `Range: bytes=…` header (RFC 9110 §14): `a-b`, `a-` or the last `-n`
 * bytes. undefined when there is no usable header (several ranges, another unit: the whole file is
 * sent, as the RFC allows); null when the range lies outside the file (416).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/**
 * GET DOT-video/{uuid} and DOT-sign/{uuid} (SPEC.md §7 video link): the files of a visit behind
 * their signed links (files/visit-links.ts). No bearer token — the signature is the credential, and
 * is checked first. Range requests are answered 206 with Content-Range, so the browser's video
 * player can seek without downloading the whole video; never cached, never sniffed.
 */
export function registerVisitFileRoutes(app: FastifyInstance): void {
  const { db, visitFiles: store } = app;
  const files = { video: { what: 'video', types: [MP4, WEBM] }, sign: { what: 'signature', types: [PNG, JPEG] } };
  for (const kind of ['video', 'sign'] as VisitFileKind[]) {
    const { what, types } = files[kind];
    const schema = routeSchema({
      summary: `A visit record's ${what} behind its signed link (no token; byte ranges)`,
      signed: true,
      response: answers.file(
        `The ${what}, inline`,
        types.map((t) => t.contentType),
        true,
      ),
    });
    app.get(`/DOT-${kind}/:uuid`, { schema }, async (request, reply) => {
      const { uuid } = request.params as { uuid: string };
      await checkLink(app, visitFilePath(kind, uuid), request.query as LinkQuery);
      const [row] = await db
        .select({ video: dots.video, sign: dots.sign })
        .from(dots)
        .where(eq(dots.uuid, uuid))
        .limit(1);
      const key = row?.[kind];
      const info = key ? await store.stat(key) : null;
      if (!key || !info) throw notFound(FILE_NOT_FOUND);
      const range = byteRange(request.headers.range, info.size);
      if (range === null) {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .send({ message: 'The requested range is not in the file.' });
      }
      reply.headers({
        'content-type': contentTypeOf(key),
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'content-disposition': 'inline',
      });
      const stream = await store.get(key, range);
      if (!stream) throw notFound(FILE_NOT_FOUND);
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      return reply.header('content-length', String(range ? range.end - range.start + 1 : info.size)).send(stream);
    });
  }
}
