import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { VIDEO_MAX_BYTES } from '@vot/shared/schemas';
import { removeOrphanVisitFiles } from '../../files/orphans';
import { removeExpiredVideos } from '../../files/retention';
import activityRoutes from './activities';
import { forgetPastCharges } from './budget';
import deviceSessionRoutes from './device-session';
import { registerVisitFileRoutes } from './file-routes';
import appHandoutRoutes from './handouts';
import appPatientRoutes from './patients';
import appSessionRoutes from './session';
import appSyncRoutes from './sync';
import appUploadRoutes from './uploads';
import appVideoReviewRoutes from './video-reviews';
import appVisitRoutes from './visits';

/** An upload still in its temp file after a day was cut off by a crash. */
const STALE_UPLOAD_MS = 24 * 3600_000;

/**
 * The phone-app API (docs/api.md "App API"): app sessions, visit records with their
 * files, activity records; plus the signed file links of visits and the staff lists of activities.
 * Multipart is registered here, encapsulated, with the visit upload's limits (the store checks
 * each file's own, lower, limit while it streams).
 */
export default async function appRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 2, fields: 4, fieldSize: 64 * 1024, parts: 8 },
    throwFileSizeLimit: false,
  });
  // Not awaited: tidying must not hold up the start. The stored files no visit names (a crash
  // between an upload's files and its commit) at the start and once a day, as an API restarted
  // more often than daily would otherwise never sweep them; once a day, videos past their keeping.
  app.visitFiles
    .removeStaleUploads?.(STALE_UPLOAD_MS)
    .catch((error: unknown) => app.log.warn({ err: error }, 'stale visit uploads not removed'));
  const removeOrphans = () =>
    removeOrphanVisitFiles(app.db, app.visitFiles)
      .then((n) => n && app.log.info({ removed: n }, 'orphan visit files removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'orphan visit files not removed'));
  void removeOrphans();
  const daily = setInterval(() => {
    void removeOrphans();
    forgetPastCharges(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'past upload charges not removed'),
    );
    removeExpiredVideos(app.db, app.visitFiles)
      .then((n) => n && app.log.info({ removed: n }, 'expired visit videos removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'expired visit videos not removed'));
  }, 24 * 3600_000);
  daily.unref();
  app.addHook('onClose', async () => clearInterval(daily));
  await app.register(appSessionRoutes);
  await app.register(deviceSessionRoutes);
  await app.register(appVisitRoutes);
  await app.register(appSyncRoutes);
  await app.register(appPatientRoutes);
  await app.register(appHandoutRoutes);
  await app.register(activityRoutes);
  await app.register(appUploadRoutes);
  await app.register(appVideoReviewRoutes);
  registerVisitFileRoutes(app);
}
