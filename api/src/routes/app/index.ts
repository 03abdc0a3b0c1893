import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { VIDEO_MAX_BYTES } from '@vot/shared/schemas';
import { removeExpiredVideos } from '../../files/retention';
import activityRoutes from './activities';
import { registerVisitFileRoutes } from './file-routes';
import appSessionRoutes from './session';
import appVisitRoutes from './visits';

/** An upload still in its temp file after a day was cut off by a crash. */
const STALE_UPLOAD_MS = 24 * 3600_000;

/**
 * The phone-app API (issue 11, docs/api.md "App API"): app sessions, visit records with their
 * files, activity records; plus the signed file links of visits and the staff lists of activities.
 * Multipart is registered here, encapsulated, with the visit upload's limits (the store checks
 * each file's own, lower, limit while it streams).
 */
export default async function appRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 2, fields: 4, fieldSize: 64 * 1024, parts: 8 },
    throwFileSizeLimit: false,
  });
  // Not awaited: tidying must not hold up the start. Then once a day: videos past their keeping.
  app.visitFiles.removeStaleUploads?.(STALE_UPLOAD_MS).catch((error: unknown) => app.log.warn({ err: error }, 'stale visit uploads not removed'));
  const retention = setInterval(() => {
    removeExpiredVideos(app.db, app.visitFiles)
      .then((n) => n && app.log.info({ removed: n }, 'expired visit videos removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired visit videos not removed'));
  }, 24 * 3600_000);
  retention.unref();
  app.addHook('onClose', async () => clearInterval(retention));
  await app.register(appSessionRoutes);
  await app.register(appVisitRoutes);
  await app.register(activityRoutes);
  registerVisitFileRoutes(app);
}
