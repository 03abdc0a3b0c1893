import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseKind } from './db/client';
import { HashingQueue, JSON_BODY_LIMIT, RateLimiter } from './lib/limits';
import { API_PREFIX } from './prefix';
import { FolderStore, visitFolderStore } from './files/folder-store';
import type { FileStore } from './files/store';
import { collectRoutes, openApiDocument } from './openapi/document';
import { answers, routeSchema } from './openapi/routes';
import type { Health } from '@vot/shared/schemas';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { continueWhenRead, registerTimeouts } from './http/timeouts';
import accountRoutes from './routes/accounts/index';
import appRoutes from './routes/app/index';
import basicDataRoutes from './routes/basic-data/index';
import communitiesRoutes from './routes/communities/index';
import followUpRoutes from './routes/follow-ups/index';
import videoReviewRoutes from './routes/video-reviews/index';
import homeRoutes from './routes/home/index';
import handoutsRoutes from './routes/handouts/index';
import patientsRoutes from './routes/patients/index';
import patientDuplicateRoutes from './routes/patients/duplicates';
import regionRoutes from './routes/regions/index';
import dashboardRoutes from './routes/reports/dashboards/index';
import sessionRoutes from './routes/session/index';
import townshipRoutes from './routes/townships/index';
import trainingsRoutes from './routes/trainings/index';
import volunteersRoutes from './routes/volunteers/index';
import votRoutes from './routes/vot/index';
import votReportRoutes from './routes/reports/vot-report/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    config: Config;
    /** Encrypts the generated "plain password" columns (lib/secrets.ts). */
    secretKey: Buffer;
    /** Sign-in and reset rate limits and the bounded queue of password hashes (lib/limits.ts). */
    signInLimits: { perAddress: RateLimiter; overall: RateLimiter; resets: RateLimiter; hashing: HashingQueue };
    /** Visit videos and signatures (files/store.ts): a folder under VOT_FILES_DIR unless another store is given. */
    visitFiles: FileStore;
    /** Handout PDFs (files/store.ts): the folder VOT_FILES_DIR itself unless another store is given. */
    handoutFiles: FileStore;
  }
}

export interface AppOptions {
  db: Database;
  dbKind: DatabaseKind;
  config: Config;
  secretKey: Buffer;
  logger?: FastifyServerOptions['logger'];
  /** The store of visit files; by default the folder VOT_FILES_DIR/dots. */
  visitFiles?: FileStore;
  /** The store of handout PDFs; by default the folder VOT_FILES_DIR, where they have always been kept. */
  handoutFiles?: FileStore;
}

export { API_PREFIX };

/** Where the API serves its OpenAPI document (docs/openapi.json is the committed copy). */
export const OPENAPI_PATH = '/api/openapi.json';

/** The API: decorations, error handling, then one plugin per resource under /api/v1. */
export async function buildApp({
  db,
  dbKind,
  config,
  secretKey,
  logger = false,
  visitFiles,
  handoutFiles,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // request.ip is the client's when the console's proxy (or the one configured) forwards the
    // request, and the peer's own address otherwise: X-Forwarded-For from anyone else is ignored.
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', db);
  app.decorate('dbKind', dbKind);
  app.decorate('config', config);
  app.decorate('secretKey', secretKey);
  app.decorate('signInLimits', {
    perAddress: new RateLimiter(config.login.perAddressPerMinute),
    overall: new RateLimiter(config.login.overallPerMinute),
    resets: new RateLimiter(config.login.resetsPerMinute),
    hashing: new HashingQueue(config.login.hashConcurrency, config.login.hashQueue),
  });
  app.decorate('visitFiles', visitFiles ?? visitFolderStore(config.filesDir));
  app.decorate('handoutFiles', handoutFiles ?? new FolderStore(config.filesDir));
  app.decorateRequest('user', null);
  app.decorateRequest('appUser', null);
  // Every answer's headers and error shape (http/errors.ts), the router's own errors included.
  registerErrorHandling(app);
  registerTimeouts(app, config.timeouts);
  continueWhenRead(app);

  // Route schemas describe (the OpenAPI document); they never validate or serialise: bodies and
  // queries are checked by the shared yup schemas with their messages (lib/requests.ts), and an
  // answer goes out as the handler returns it (fast-json-stringify would drop undeclared fields).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const routes = collectRoutes(app);
  let document: ReturnType<typeof openApiDocument> | undefined;
  const described = { 200: { description: 'This document: OpenAPI 3.1', type: 'object' } };
  app.get(
    OPENAPI_PATH,
    {
      schema: routeSchema({
        summary: "The API's OpenAPI document (docs/openapi.json is its committed copy)",
        response: described,
      }),
    },
    async () => (document ??= openApiDocument(routes)),
  );

  app.get(
    '/health',
    { schema: routeSchema({ summary: 'The API is up, and the database it uses', response: answers.whole('Health') }) },
    async () => ({ status: 'ok', database: dbKind }) satisfies Health,
  );
  await app.register(
    async (v1) => {
      await v1.register(sessionRoutes);
      await v1.register(regionRoutes);
      await v1.register(basicDataRoutes);
      await v1.register(townshipRoutes);
      await v1.register(accountRoutes);
      await v1.register(volunteersRoutes);
      await v1.register(trainingsRoutes);
      await v1.register(handoutsRoutes);
      await v1.register(communitiesRoutes);
      await v1.register(patientsRoutes);
      await v1.register(patientDuplicateRoutes);
      await v1.register(votRoutes);
      await v1.register(followUpRoutes);
      await v1.register(videoReviewRoutes);
      await v1.register(homeRoutes);
      await v1.register(appRoutes);
      await v1.register(votReportRoutes);
      await v1.register(dashboardRoutes);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
