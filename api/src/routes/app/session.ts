import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appLoginSchema, changePasswordSchema, type AppSignedIn, type AppSubject } from '@vot/shared/schemas';
import { appSessions, loginFailures, patients, volunteers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { HttpError, MESSAGES } from '../../lib/http-errors';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { bodyOf } from '../../lib/requests';
import { hashToken, newToken } from '../../lib/secrets';
import { checkRate, reserveAttempt } from '../session/service';
import { appUserOf, authenticateApp } from './auth';

const ACTIVE = 1;
const TABLES = { volunteer: volunteers, patient: patients } as const;

/** The lockout key of an app sign-in: kept apart from staff emails (which always contain an @). */
const lockoutKey = (kind: AppSubject, code: string) => `app:${kind}:${code}`;

async function subjectByCode(app: FastifyInstance, kind: AppSubject, code: string) {
  const table = TABLES[kind];
  const [row] = await app.db
    .select({ id: table.id, name: table.name, code: table.code, password_hash: table.password_hash, enc: table.plain_password_enc })
    .from(table)
    .where(and(eq(table.code, code), eq(table.status, ACTIVE)))
    .limit(1);
  return row;
}

async function subjectById(app: FastifyInstance, kind: AppSubject, id: number) {
  const table = TABLES[kind];
  const [row] = await app.db
    .select({ id: table.id, name: table.name, code: table.code, password_hash: table.password_hash, enc: table.plain_password_enc })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

/**
 * The app's session calls (docs/api.md "App API"): sign-in with code and password, sign-out, the
 * signed-in profile, and the password change. The same protections as the staff sign-in
 * (routes/session/service.ts): rate limits per address and overall, the per-account lockout after
 * repeated failures, the bounded hashing queue, the same hash cost for an unknown code.
 */
export default async function appSessionRoutes(app: FastifyInstance) {
  const { db, config } = app;

  app.post('/app/login', async (request, reply): Promise<AppSignedIn> => {
    const input = await bodyOf(appLoginSchema, request);
    const kind = input.kind;
    const code = input.code;
    const actor = { id: null, email: `${kind}:${code}` };
    checkRate(app, reply, request.ip);
    let attemptId: number;
    try {
      attemptId = await reserveAttempt(app, request, lockoutKey(kind, code));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) {
        await writeAudit(db, request, { action: 'sign-in-failed', entity: 'app-session', after: { reason: 'locked' } }, actor);
      }
      throw error;
    }
    const subject = await subjectByCode(app, kind, code);
    const ok = await app.signInLimits.hashing
      .run(async () => verifyPassword(input.password, subject?.password_hash ?? (await dummyHash(config.scrypt))))
      .catch(async (error: unknown) => {
        await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
        throw error;
      });
    if (!subject || !ok) {
      await writeAudit(db, request, { action: 'sign-in-failed', entity: 'app-session', after: { reason: subject ? 'password' : 'unknown code' } }, actor);
      throw new HttpError(401, MESSAGES.badCredentials);
    }
    const token = newToken();
    const now = new Date();
    const [session] = await db
      .insert(appSessions)
      .values({
        volunteer_id: kind === 'volunteer' ? subject.id : null,
        patient_id: kind === 'patient' ? subject.id : null,
        token_hash: hashToken(token),
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + config.session.maxMs),
        ip: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
      })
      .returning({ id: appSessions.id });
    await db.delete(loginFailures).where(eq(loginFailures.email, lockoutKey(kind, code)));
    if (needsRehash(subject.password_hash, config.scrypt)) {
      const table = TABLES[kind];
      await db.update(table).set({ password_hash: await hashPassword(input.password, config.scrypt) }).where(eq(table.id, subject.id));
    }
    await writeAudit(db, request, { action: 'sign-in', entity: 'app-session', entity_id: session!.id }, actor);
    return { kind, id: subject.id, name: subject.name, code: subject.code, access_token: token, must_change_password: subject.enc !== null };
  });

  app.get('/app/logout', { preHandler: authenticateApp }, async (request) => {
    const user = appUserOf(request);
    await db.update(appSessions).set({ revoked_at: new Date() }).where(eq(appSessions.id, user.session_id));
    await writeAudit(db, request, { action: 'sign-out', entity: 'app-session', entity_id: user.session_id });
    return { message: MESSAGES.loggedOut };
  });

  app.get('/app/user', { preHandler: authenticateApp }, async (request) => {
    const user = appUserOf(request);
    const subject = await subjectById(app, user.kind, user.id);
    return { data: { kind: user.kind, id: user.id, name: user.name, code: user.code, must_change_password: subject?.enc != null }, status: 'success' };
  });

  /**
   * Checks the current password (which is the generated initial one until the first change),
   * stores the new hash, clears the stored initial password for good (the staff lists then show
   * none), and revokes the subject's other app sessions.
   */
  app.post('/app/change-password', { preHandler: authenticateApp }, async (request, reply) => {
    const user = appUserOf(request);
    const input = await bodyOf(changePasswordSchema, request);
    const table = TABLES[user.kind];
    const subject = await subjectById(app, user.kind, user.id);
    if (!subject) throw new HttpError(401, MESSAGES.unauthenticated);
    checkRate(app, reply, request.ip);
    const attemptId = await reserveAttempt(app, request, lockoutKey(user.kind, subject.code));
    const ok = await app.signInLimits.hashing.run(() => verifyPassword(input.current_password, subject.password_hash)).catch(async (error: unknown) => {
      await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
      throw error;
    });
    if (!ok) {
      await writeAudit(db, request, { action: 'change-password-failed', entity: `${user.kind}s`, entity_id: user.id });
      throw new HttpError(400, MESSAGES.currentPasswordIncorrect, { current_password: [MESSAGES.currentPasswordIncorrect] });
    }
    await db.delete(loginFailures).where(eq(loginFailures.email, lockoutKey(user.kind, subject.code)));
    const password_hash = await app.signInLimits.hashing.run(() => hashPassword(input.new_password, config.scrypt));
    const subjectColumn = user.kind === 'volunteer' ? appSessions.volunteer_id : appSessions.patient_id;
    await db.transaction(async (tx) => {
      await tx.update(table).set({ password_hash, plain_password_enc: null, updated_at: new Date() }).where(eq(table.id, user.id));
      const revoked = await tx
        .update(appSessions)
        .set({ revoked_at: new Date() })
        .where(and(eq(subjectColumn, user.id), ne(appSessions.id, user.session_id), isNull(appSessions.revoked_at)))
        .returning({ id: appSessions.id });
      await writeAudit(tx as never, request, { action: 'change-password', entity: `${user.kind}s`, entity_id: user.id, after: { other_sessions_revoked: revoked.length } });
    });
    return { message: MESSAGES.passwordChanged };
  });
}
