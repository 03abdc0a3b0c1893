import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  appLoginSchema,
  changePasswordSchema,
  type AppProfile,
  type AppSignedIn,
  type AppSubject,
} from '@vot/shared/schemas';
import { appSessions, patients, volunteers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { HttpError, MESSAGES } from '../../lib/http-errors';
import { bodyOf, changingGet } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { changeKey, passwordChange, passwordSignIn } from '../session/credentials';
import { appUserOf, authenticateApp, endAppSessions } from './auth';
import { issueRefreshToken } from './device-session';

const ACTIVE = 1;
const TABLES = { volunteer: volunteers, patient: patients } as const;

/** The lockout key of an app sign-in: kept apart from staff emails (which always contain an @). */
const lockoutKey = (kind: AppSubject, code: string) => `app:${kind}:${code}`;

/** The app's view of a volunteer or patient account; `enc` is the initial password while it is unchanged. */
async function subjectWhere(
  app: FastifyInstance,
  kind: AppSubject,
  where: (table: (typeof TABLES)[AppSubject]) => SQL | undefined,
) {
  const table = TABLES[kind];
  const [row] = await app.db
    .select({
      id: table.id,
      name: table.name,
      code: table.code,
      password_hash: table.password_hash,
      enc: table.plain_password_enc,
      expires: table.initial_password_expires_at,
    })
    .from(table)
    .where(where(table))
    .limit(1);
  return row;
}

const subjectByCode = (app: FastifyInstance, kind: AppSubject, code: string) =>
  subjectWhere(app, kind, (t) => and(eq(t.code, code), eq(t.status, ACTIVE)));
const subjectById = (app: FastifyInstance, kind: AppSubject, id: number) =>
  subjectWhere(app, kind, (t) => eq(t.id, id));

/**
 * The app's session calls (docs/api.md "App API"): sign-in with code and password, sign-out, the
 * signed-in profile, and the password change. The same protections as the staff sign-in
 * (routes/session/credentials.ts, one mechanism): rate limits per address and overall, the per-account lockout after
 * repeated failures, the bounded hashing queue, the same hash cost for an unknown code.
 */
export default async function appSessionRoutes(app: FastifyInstance) {
  const { db } = app;
  // The only calls an app session on an initial password may make, as for staff.
  const initialPassword = { initialPassword: true };

  app.post(
    '/app/login',
    {
      schema: routeSchema({
        summary:
          "Phone-app sign-in of a volunteer or patient by code (AppSignedIn): an access token and the device session's refresh token",
        body: appLoginSchema,
        refusals: [401, 429, 503],
        response: answers.whole('AppSignedIn'),
      }),
    },
    async (request, reply): Promise<AppSignedIn> => {
      const { kind, code, password } = await bodyOf(appLoginSchema, request);
      let refresh: Awaited<ReturnType<typeof issueRefreshToken>> | undefined;
      const { account: subject, token } = await passwordSignIn(app, request, reply, {
        key: lockoutKey(kind, code),
        password,
        load: () => subjectByCode(app, kind, code),
        entity: 'app-session',
        actor: { id: null, email: `${kind}:${code}` },
        unknown: 'unknown code',
        // The device session: its access token and its first refresh token (docs/decisions/0144).
        open: async (subject, start) => {
          const [session] = await db
            .insert(appSessions)
            .values({
              volunteer_id: kind === 'volunteer' ? subject.id : null,
              patient_id: kind === 'patient' ? subject.id : null,
              ...start,
            })
            .returning({ id: appSessions.id });
          refresh = await issueRefreshToken(db, session!.id, app.config.session.deviceMs, start.created_at);
          return session!.id;
        },
        refuse: (subject) =>
          subject.expires && subject.expires.getTime() <= Date.now()
            ? { message: MESSAGES.initialPasswordExpired, reason: 'initial password expired' }
            : null,
        rehash: (subject, password_hash) =>
          db.update(TABLES[kind]).set({ password_hash }).where(eq(TABLES[kind].id, subject.id)),
      });
      return {
        kind,
        id: subject.id,
        name: subject.name,
        code: subject.code,
        access_token: token,
        ...refresh!,
        must_change_password: subject.enc !== null,
      };
    },
  );

  changingGet(
    app,
    '/app/logout',
    {
      preHandler: authenticateApp,
      config: initialPassword,
      schema: routeSchema({ summary: 'Sign the app out', response: answers.message(MESSAGES.loggedOut) }),
    },
    async (request) => {
      const user = appUserOf(request);
      await db.update(appSessions).set({ revoked_at: new Date() }).where(eq(appSessions.id, user.session_id));
      await writeAudit(db, request, { action: 'sign-out', entity: 'app-session', entity_id: user.session_id });
      return { message: MESSAGES.loggedOut };
    },
  );

  app.get(
    '/app/user',
    {
      preHandler: authenticateApp,
      config: initialPassword,
      schema: routeSchema({ summary: 'Whom the app is signed in as', response: answers.item('AppProfile') }),
    },
    async (request) => {
      const user = appUserOf(request);
      const subject = await subjectById(app, user.kind, user.id);
      return {
        data: {
          kind: user.kind,
          id: user.id,
          name: user.name,
          code: user.code,
          must_change_password: subject?.enc != null,
        } satisfies AppProfile,
        status: 'success',
      };
    },
  );

  /**
   * Checks the current password (which is the generated initial one until the first change),
   * stores the new hash, clears the stored initial password for good (the staff lists then show
   * none), and revokes the subject's other app sessions.
   */
  app.post(
    '/app/change-password',
    {
      preHandler: authenticateApp,
      config: initialPassword,
      schema: routeSchema({
        summary: "Change the app's password (the initial one goes; other app sessions are signed out)",
        body: changePasswordSchema,
        refusals: [429, 503],
        response: answers.message(MESSAGES.passwordChanged),
      }),
    },
    async (request, reply) => {
      const user = appUserOf(request);
      const input = await bodyOf(changePasswordSchema, request);
      const table = TABLES[user.kind];
      const subject = await subjectById(app, user.kind, user.id);
      if (!subject) throw new HttpError(401, MESSAGES.unauthenticated);
      await passwordChange(app, request, reply, {
        key: changeKey(lockoutKey(user.kind, subject.code), user.session_id),
        account: subject,
        current: input.current_password,
        next: input.new_password,
        entity: `${user.kind}s`,
        entity_id: user.id,
        store: async (tx, password_hash) => {
          await tx
            .update(table)
            .set({ password_hash, plain_password_enc: null, initial_password_expires_at: null, updated_at: new Date() })
            .where(eq(table.id, user.id));
          return endAppSessions(tx, user.kind, user.id, user.session_id);
        },
      });
      return { message: MESSAGES.passwordChanged };
    },
  );
}
