import { and, asc, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginFailures, projects, sessions, townships, userTownships, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { HttpError, MESSAGES, tooManyAttempts } from '../../lib/http-errors';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/secrets';

/**
 * Repeated failures for one email within the window lock sign-in for that email until the oldest
 * failure leaves the window. Counting per email (not per IP) protects an account from a spread-out
 * guesser; the price — someone can lock a known email out for 15 minutes — is recorded in docs/decisions.md.
 */
async function lockedFor(app: FastifyInstance, email: string): Promise<number> {
  const { db, config } = app;
  const since = new Date(Date.now() - config.login.windowMs);
  const failures = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at));
  if (failures.length < config.login.maxFailures) return 0;
  const freeAt = failures[failures.length - config.login.maxFailures]!.at.getTime() + config.login.windowMs;
  return Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
}

export interface SignedIn {
  name: string;
  email: string;
  role: string;
  township: { id: number; name: string } | null;
  access_token: string;
}

export async function signIn(app: FastifyInstance, request: FastifyRequest, emailInput: string, password: string): Promise<SignedIn> {
  const { db, config } = app;
  const email = emailInput.trim().toLowerCase();
  const attempt = { id: null, email };
  const minutes = await lockedFor(app, email);
  if (minutes > 0) {
    await writeAudit(db, request, { action: 'sign-in-failed', entity: 'session', after: { reason: 'locked' } }, attempt);
    throw new HttpError(429, tooManyAttempts(minutes));
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown email costs the same hash as a known one, so timing does not tell which emails exist.
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.scrypt)));
  if (!user || !ok) {
    await db.insert(loginFailures).values({ email, at: new Date(), ip: request.ip });
    await writeAudit(db, request, { action: 'sign-in-failed', entity: 'session', after: { reason: user ? 'password' : 'unknown email' } }, attempt);
    throw new HttpError(401, MESSAGES.badCredentials);
  }

  const token = newToken();
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + config.session.maxMs),
      ip: request.ip,
      user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
  if (needsRehash(user.password_hash, config.scrypt)) {
    await db.update(users).set({ password_hash: await hashPassword(password, config.scrypt) }).where(eq(users.id, user.id));
  }
  await writeAudit(db, request, { action: 'sign-in', entity: 'session', entity_id: session!.id }, { id: user.id, email: user.email });

  const [township] = user.township_id
    ? await db.select({ id: townships.id, name: townships.name }).from(townships).where(eq(townships.id, user.township_id))
    : [];
  return { name: user.name, email: user.email, role: user.role, township: township ?? null, access_token: token };
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
  await writeAudit(app.db, request, { action: 'sign-out', entity: 'session', entity_id: sessionId });
}

export async function profile(app: FastifyInstance, userId: number) {
  const { db } = app;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, project_id: users.project_id })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
  const [assigned, project] = await Promise.all([
    db
      .select({ id: townships.id, name: townships.name })
      .from(userTownships)
      .innerJoin(townships, eq(townships.id, userTownships.township_id))
      .where(eq(userTownships.user_id, userId))
      .orderBy(asc(townships.name)),
    user.project_id
      ? db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, user.project_id))
      : Promise.resolve([]),
  ]);
  const { project_id: _p, ...rest } = user;
  return { ...rest, townships: assigned, project: project[0] ?? null };
}

/**
 * Verifies the current password, stores the new hash, forgets the generated initial password for
 * good, and revokes every other session of the user (a stolen token stops working).
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: number; session_id: number },
  current: string,
  next: string,
): Promise<void> {
  const { db, config } = app;
  const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(current, row.password_hash))) {
    throw new HttpError(400, MESSAGES.currentPasswordIncorrect, { current_password: [MESSAGES.currentPasswordIncorrect] });
  }
  const password_hash = await hashPassword(next, config.scrypt);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, plain_password_enc: null, updated_at: new Date() }).where(eq(users.id, user.id));
    const revoked = await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, user.id), ne(sessions.id, user.session_id), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    await writeAudit(tx as never, request, {
      action: 'change-password',
      entity: 'users',
      entity_id: user.id,
      after: { other_sessions_revoked: revoked.length },
    });
  });
}

/** Used by tests and the seed: how many live sessions a user has. */
export async function liveSessions(app: FastifyInstance, userIds: number[]): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(sessions)
    .where(and(inArray(sessions.user_id, userIds), isNull(sessions.revoked_at)));
  return row?.n ?? 0;
}
