import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UUID_PATTERN } from '@vot/shared/schemas';
import { dots } from '../../db/schema';
import { UploadRefused, typeOf } from '../../files/store';
import { mutate } from '../../lib/audit';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-errors';
import { lockPatients } from '../../ledger';
import { routeSchema } from '../../openapi/routes';
import { ANSWER_HEADERS, SOMETHING_WRONG } from '../../http/errors';
import { API_PREFIX } from '../../prefix';
import { appUserOf, authenticateApp, type AppUser } from './auth';
import { reachableVisit } from './scope';
import { RULES, refusalMessage, type VisitFileField } from './upload';
import { anotherVideoOfDay, VIDEO_OF_DAY_TAKEN, VISIT_NOT_FOUND } from './visits';
import { chargeUpload } from './budget';

/** An upload not finished this long after it began is removed with its bytes (docs/api.md "Resumable uploads"). */
export const UPLOAD_KEEP_MS = 24 * 3600_000;
export const UPLOADS_PATH = `${API_PREFIX}/app/uploads`;

export const UPLOAD_METADATA_REQUIRED =
  'Upload-Metadata must name the record (uuid) and the file (kind: video or sign).';
export const UPLOAD_LENGTH_REQUIRED = 'Upload-Length is required: the size of the whole file.';
export const FILE_ALREADY_STORED = (kind: VisitFileField) =>
  `This record has its ${kind === 'video' ? 'video' : 'signature'} already.`;

/** The upload of a record's file: one per record and kind, so a new one replaces an unfinished one. */
const uploadIdOf = (uuid: string, kind: VisitFileField) => `${uuid}-${kind}`;
const UPLOAD_ID = /^[0-9a-f-]{36}-(video|sign)$/;
const TUS_HEADER = (description: string) => ({ description, schema: { type: 'string' } });
const ownerOf = (user: AppUser) => `${user.kind}:${user.id}`;

/** What Upload-Metadata says (tus: comma-separated `key base64(value)`): the record's uuid and the file kind, checked. */
function metadataOf(header: string | undefined): { uuid: string; kind: VisitFileField } {
  let parsed: Record<string, string | null>;
  try {
    parsed = header ? Metadata.parse(header) : {};
  } catch {
    throw fieldError('Upload-Metadata', UPLOAD_METADATA_REQUIRED);
  }
  const uuid = String(parsed.uuid ?? '').toLowerCase();
  const kind = parsed.kind;
  if (!UUID_PATTERN.test(uuid) || (kind !== 'video' && kind !== 'sign'))
    throw fieldError('Upload-Metadata', UPLOAD_METADATA_REQUIRED);
  return { uuid, kind };
}

/**
 * Resumable uploads of a visit's video (or signature) with the tus 1.0.0 protocol (tus.io), through
 * @tus/server and its file store (docs/decisions/0142-resumable-uploads.md): `POST app/uploads`
 * creates one for a stored record (`Upload-Metadata: uuid …, kind video`), `HEAD` tells the bytes
 * the server holds, `PATCH` appends from there, `DELETE` gives up. Each call is the app user's own
 * (app token; another user's upload is a 404). Bytes go to VOT_FILES_DIR/uploads; once whole, the
 * file goes through the visit store's checks (type by its first bytes, size) and attaches to the record.
 */
export default async function appUploadRoutes(app: FastifyInstance) {
  const { db, visitFiles: store } = app;
  const dir = join(app.config.filesDir, 'uploads');
  const datastore = new TusFileStore({ directory: dir, expirationPeriodInMilliseconds: UPLOAD_KEEP_MS });
  /** The Fastify request behind each raw request tus handles (its user, its audit actor). */
  const requests = new WeakMap<object, FastifyRequest>();
  const requestOf = (req: { runtime?: { node?: { req: object } } }) => {
    const found = req.runtime?.node?.req && requests.get(req.runtime.node.req);
    if (!found) throw new Error('an upload request without its API request');
    return found;
  };

  /** Checks what has arrived of `upload` by its first bytes: a wrong type ends the upload (400). */
  async function checkHead(upload: Upload): Promise<void> {
    const kind = upload.metadata?.kind as VisitFileField;
    const rules = RULES[kind];
    const wanted = Math.max(...rules.types.map((t) => t.headBytes));
    if ((upload.offset ?? 0) < Math.min(wanted, upload.size ?? 0)) return;
    const file = await open(join(dir, upload.id));
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(wanted), 0, wanted, 0);
      if (typeOf(buffer.subarray(0, bytesRead), rules.types, true)) return;
    } finally {
      await file.close();
    }
    await datastore.remove(upload.id).catch(() => undefined);
    throw fieldError(kind, refusalMessage(kind, new UploadRefused('wrong-type')));
  }

  /** The whole file, through the visit store's checks, attached to its record (with the record's patient locked), audited. */
  async function attach(request: FastifyRequest, upload: Upload): Promise<void> {
    const user = appUserOf(request);
    const { uuid, kind } = metadataOf(upload.metadata ? Metadata.stringify(upload.metadata) : undefined);
    const stored = await store.put(createReadStream(join(dir, upload.id)), RULES[kind]).catch(async (error) => {
      if (!(error instanceof UploadRefused)) throw error;
      await datastore.remove(upload.id).catch(() => undefined);
      throw fieldError(kind, refusalMessage(kind, error));
    });
    try {
      await mutate(db, request, async (tx) => {
        const visit = await reachableVisit(tx, user, uuid);
        if (!visit) throw notFound(VISIT_NOT_FOUND);
        const locked = await lockPatients(tx, [visit.patient_id]);
        const column = kind === 'video' ? dots.video : dots.sign;
        const [row] = await tx
          .update(dots)
          .set(
            kind === 'video'
              ? { video: stored.key, video_awaited: false, updated_at: sql`now()` }
              : { sign: stored.key, updated_at: sql`now()` },
          )
          .where(and(eq(dots.id, visit.id), isNull(column)))
          .returning();
        if (!row) throw conflict(FILE_ALREADY_STORED(kind));
        if (kind === 'video' && (await anotherVideoOfDay(tx, row))) throw conflict(VIDEO_OF_DAY_TAKEN);
        // A patient's video that arrives makes its record evidence, awaiting review (docs/decisions/0134).
        if (kind === 'video') await locked.refreshLedgers();
        return {
          audit: {
            action: 'update' as const,
            entity: 'dots',
            entity_id: row.id,
            before: { [kind]: null },
            after: { [kind]: stored.key },
          },
          result: null,
        };
      });
    } catch (error) {
      await store.delete(stored.key).catch(() => undefined);
      throw error;
    }
    await datastore.remove(upload.id).catch(() => undefined);
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: Math.max(RULES.video.maxBytes, RULES.sign.maxBytes),
    // The route checked the metadata before tus runs: the name is the record's and the kind's.
    namingFunction: (_req, metadata) =>
      uploadIdOf(String(metadata?.uuid).toLowerCase(), metadata?.kind as VisitFileField),
    onUploadCreate: async (req, upload) => ({
      metadata: { ...upload.metadata, owner: ownerOf(appUserOf(requestOf(req))) },
    }),
    onUploadFinish: async (req, upload) => {
      await attach(requestOf(req), upload);
      return {};
    },
    // Every refusal as the API's others: JSON `{ message, errors? }`.
    onResponseError: (req, error) => {
      if (error instanceof HttpError) return { status_code: error.statusCode, body: JSON.stringify(error.toJSON()) };
      if ('status_code' in error && error.status_code < 500)
        return { status_code: error.status_code, body: JSON.stringify({ message: error.body.trim() }) };
      requestOf(req).log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: JSON.stringify({ message: SOMETHING_WRONG }) };
    },
  });

  /** Hands the request to tus, with the API's answer headers (Fastify's hooks do not run on a hijacked reply). */
  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    requests.set(request.raw, request);
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('Content-Type', 'application/json; charset=utf-8');
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  /** The caller's own upload of `:id` (404 for any other, or none). */
  async function ownUpload(request: FastifyRequest): Promise<Upload> {
    const id = String((request.params as { upload: string }).upload);
    const upload = UPLOAD_ID.test(id) ? await datastore.getUpload(id).catch(() => null) : null;
    if (!upload || upload.metadata?.owner !== ownerOf(appUserOf(request))) throw notFound('Upload not found.');
    return upload;
  }

  // The body of a PATCH is the file's bytes: tus reads it, Fastify must not.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const config = { upload: true };
  const tusHeaders = 'Tus-Resumable: 1.0.0';

  app.post(
    '/app/uploads',
    {
      preHandler: authenticateApp,
      config,
      schema: routeSchema({
        summary: `Begin a resumable upload (tus 1.0.0 creation; ${tusHeaders}, Upload-Length, Upload-Metadata: uuid and kind) of a stored record's video or signature`,
        response: {
          201: {
            description: 'Created: `Location` is the upload, `Upload-Expires` when an unfinished one is removed',
            headers: {
              Location: TUS_HEADER("The upload's address"),
              'Upload-Expires': TUS_HEADER('When an unfinished upload is removed (RFC 7231 date)'),
            },
          },
        },
        refusals: [404, 409, 429],
      }),
    },
    async (request, reply) => {
      const user = appUserOf(request);
      const { uuid, kind } = metadataOf(request.headers['upload-metadata'] as string | undefined);
      const length = Number(request.headers['upload-length']);
      if (!Number.isSafeInteger(length) || length < 0) throw fieldError('Upload-Length', UPLOAD_LENGTH_REQUIRED);
      if (length === 0) throw fieldError(kind, refusalMessage(kind, new UploadRefused('empty')));
      if (length > RULES[kind].maxBytes) {
        reply.header('connection', 'close');
        throw new HttpError(413, refusalMessage(kind, new UploadRefused('too-large')));
      }
      const visit = await reachableVisit(db, user, uuid);
      if (!visit) throw notFound(VISIT_NOT_FOUND);
      if (visit[kind]) throw conflict(FILE_ALREADY_STORED(kind));
      await chargeUpload(db, reply, user, length, app.config.uploadBytesPerDay, `${uuid}:${kind}`);
      // One upload per record and kind: a new one replaces an unfinished one (its Location was lost).
      await datastore.remove(uploadIdOf(uuid, kind)).catch(() => undefined);
      await handOver(request, reply);
    },
  );
  const item = (summary: string, response: Record<number, { description: string; headers?: object }>) => ({
    preHandler: authenticateApp,
    config,
    schema: routeSchema({ summary, response, refusals: [409] }),
  });
  app.head(
    '/app/uploads/:upload',
    item('How many bytes of the upload the server holds (`Upload-Offset`, `Upload-Length`)', {
      200: {
        description: 'The upload: `Upload-Offset` bytes held',
        headers: {
          'Upload-Offset': TUS_HEADER('Bytes the server holds'),
          'Upload-Length': TUS_HEADER('The whole file'),
        },
      },
    }),
    async (request, reply) => {
      await ownUpload(request);
      await handOver(request, reply);
    },
  );
  app.patch(
    '/app/uploads/:upload',
    {
      preHandler: authenticateApp,
      config,
      schema: routeSchema({
        summary:
          'Append bytes at `Upload-Offset` (Content-Type application/offset+octet-stream); the last ones attach the file to its record',
        binary: 'application/offset+octet-stream',
        response: { 204: { description: 'Appended: `Upload-Offset` is the new offset' } },
        refusals: [409],
      }),
    },
    async (request, reply) => {
      await checkHead(await ownUpload(request));
      await handOver(request, reply);
    },
  );
  app.delete(
    '/app/uploads/:upload',
    item('Give up an unfinished upload: its bytes are removed', { 204: { description: 'Removed' } }),
    async (request, reply) => {
      await ownUpload(request);
      await handOver(request, reply);
    },
  );
  // The store makes its folder on its own, but not before the first sweep looks into it.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Unfinished uploads past their keeping: at start and then hourly.
  const sweep = () =>
    tus
      .cleanUpExpiredUploads()
      .then((n) => n && app.log.info({ removed: n }, 'expired unfinished uploads removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired uploads not removed'));
  void sweep();
  const hourly = setInterval(() => void sweep(), 3600_000);
  hourly.unref();
  app.addHook('onClose', async () => clearInterval(hourly));
}
