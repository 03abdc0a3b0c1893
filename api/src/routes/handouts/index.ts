import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HANDOUT_KINDS, HANDOUT_MAX_BYTES } from '@vot/shared/domain';
import { handouts } from '../../db/schema';
import type { FileStore } from '../../files/store';
import { registerHandoutFileRoute } from './file-route';
import { registerHandoutKind } from './kind-routes';

/** An upload still in its temp file after a day was cut off by a crash; a stored file no handout names after a day is an orphan. */
const STALE_UPLOAD_MS = 24 * 3600_000;

/**
 * SPEC.md §7 handouts: volunteer-handouts and patient-handouts (one PDF each) and the signed file
 * links they answer with. Multipart parsing is registered here only (this plugin is encapsulated),
 * so no other route accepts uploads; one file per request, at most HANDOUT_MAX_BYTES, a few small fields.
 */
export default async function handoutsRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: HANDOUT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    throwFileSizeLimit: false,
  });
  // Not awaited: a slow or unreadable store must not hold up the start; it is only tidying.
  app.db
    .select({ name: handouts.stored_name })
    .from(handouts)
    .then((rows) => removeLeftovers(app.handoutFiles, new Set(rows.map((r) => r.name))))
    .catch((error: unknown) => app.log.warn({ err: error }, 'stale uploads not removed'));
  for (const kind of HANDOUT_KINDS) registerHandoutKind(app, kind);
  registerHandoutFileRoute(app);
}

/** Uploads a crash cut off, and stored files no handout names (a crash between storing a replacement and its commit). */
async function removeLeftovers(store: FileStore, kept: Set<string>): Promise<void> {
  await store.removeStaleUploads?.(STALE_UPLOAD_MS);
  if (!store.storedKeys) return;
  for await (const key of store.storedKeys(STALE_UPLOAD_MS)) if (!kept.has(key)) await store.delete(key);
}
