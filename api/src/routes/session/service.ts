import { and, asc, count, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginFailures, projects, sessions, townships, userTownships, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { HttpError, MESSAGES, tooManyAttempts } from '../../lib/http-errors';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/secrets';

/**
 * Repeated failures for one email within the window lock sign-in for that email until the oldest
 * failure leaves the window. Counting per email (not per IP) protects an account from a spread-out
 * guesser; the price — someone can lock a known email out for 15 minutes — is recorded in docs/decisions.md.
 *
 * The attempt is recorded BEFORE the slow password check, and its place among the window's
 * attempts decides: only the first `maxFailures` get a password check, so parallel requests cannot
 * all slip in before any failure is written. The reservation (insert, then count) is serialised per
 * email in this process. A locked attempt removes its row again, so knocking does not extend the lock.
 * Returns the attempt's id (deleted on success: it was no failure) or throws 429.
 */
const reserving = new Map<string, Promise<unknown>>();
export async function reserveAttempt(app: FastifyInstance, request: FastifyRequest, email: string): Promise<number> {
  const previous = reserving.get(email) ?? Promise.resolve();
  const mine = previous.then(() => reserve(app, request, email));
  const settled = mine.catch(() => undefined);
  reserving.set(email, settled);
  void settled.then(() => {
    if (reserving.get(email) === settled) reserving.delete(email);
  });
  return mine;
}

async function reserve(app: FastifyInstance, request: FastifyRequest, email: string): Promise<number> {
  const { db, config } = app;
  const [attempt] = await db.insert(loginFailures).values({ email, at: new Date(), ip: request.ip }).returning({ id: loginFailures.id });
  const since = new Date(Date.now() - config.login.windowMs);
  const window = await db
    .select({ id: loginFailures.id, at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since), lte(loginFailures.id, attempt!.id)))
    .orderBy(asc(loginFailures.id));
  if (window.length <= config.login.maxFailures) return attempt!.id;
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id));
  const freeAt = window[window.length - 1 - config.login.maxFailures]!.at.getTime() + config.login.windowMs;
  throw new HttpError(429, tooManyAttempts(Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000))));
}

/** Per client address and overall, before anything costs a hash: 429 with when to come back. */
export function checkRate(app: FastifyInstance, reply: FastifyReply | undefined, address: string): void {
  const { perAddress, overall } = app.signInLimits;
  const wait = perAddress.take(address) || overall.take('*');
  if (!wait) return;
  reply?.header('Retry-After', String(wait));
  throw new HttpError(429, TOO_MANY_SIGN_INS);
}

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please try again in a minute.';

export interface SignedIn {
  name: string;
  email: string;
  role: string;
  township: { id: number; name: string } | null;
  access_token: string;
  /** The password was an initial one: the console asks for a new one before anything else. */
  must_change_password: boolean;
}

export async function signIn(app: FastifyInstance, request: FastifyRequest, emailInput: string, password: string, reply?: FastifyReply): Promise<SignedIn> {
  const { db, config } = app;
  const email = emailInput.trim().toLowerCase();
  const attempt = { id: null, email };
  checkRate(app, reply, request.ip);
  let attemptId: number;
  try {
    attemptId = await reserveAttempt(app, request, email);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) {
      await writeAudit(db, request, { action: 'sign-in-failed', entity: 'session', after: { reason: 'locked' } }, attempt);
    }
    throw error;
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown email costs the same hash as a known one, so timing does not tell which emails exist.
  const ok = await app.signInLimits.hashing
    .run(async () => verifyPassword(password, user?.password_hash ?? (await dummyHash(config.scrypt))))
    .catch(async (error: unknown) => {
      // Turned away unchecked (503): not a failure of the person signing in.
      await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
      throw error;
    });
  if (!user || !ok) {
    await writeAudit(db, request, { action: 'sign-in-failed', entity: 'session', after: { reason: user ? 'password' : 'unknown email' } }, attempt);
    throw new HttpError(401, MESSAGES.badCredentials);
  }
  // Told only to whoever knows the password: it says nothing about which emails exist.
  if (user.initial_password_expires_at && user.initial_password_expires_at.getTime() <= Date.now()) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    await writeAudit(db, request, { action: 'sign-in-failed', entity: 'session', after: { reason: 'initial password expired' } }, attempt);
    throw new HttpError(401, MESSAGES.initialPasswordExpired);
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
  return { name: user.name, email: user.email, role: user.role, township: township ?? null, access_token: token, must_change_password: user.initial_password_expires_at !== null };
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
  await writeAudit(app.db, request, { action: 'sign-out', entity: 'session', entity_id: sessionId });
}

export async function profile(app: FastifyInstance, userId: number) {
  const { db } = app;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, project_id: users.project_id, initial: users.initial_password_expires_at })
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
  const { project_id: _p, initial, ...rest } = user;
  return { ...rest, townships: assigned, project: project[0] ?? null, must_change_password: initial !== null };
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
  reply?: FastifyReply,
): Promise<void> {
  const { db, config } = app;
  const [row] = await db.select({ email: users.email, password_hash: users.password_hash }).from(users).where(eq(users.id, user.id));
  if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
  // Guessing the current password from a stolen session counts like guessing at sign-in.
  checkRate(app, reply, request.ip);
  const attemptId = await reserveAttempt(app, request, row.email);
  const ok = await app.signInLimits.hashing.run(() => verifyPassword(current, row.password_hash)).catch(async (error: unknown) => {
    await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    throw error;
  });
  if (!ok) {
    await writeAudit(db, request, { action: 'change-password-failed', entity: 'users', entity_id: user.id });
    throw new HttpError(400, MESSAGES.currentPasswordIncorrect, { current_password: [MESSAGES.currentPasswordIncorrect] });
  }
  await db.delete(loginFailures).where(eq(loginFailures.email, row.email));
  const password_hash = await app.signInLimits.hashing.run(() => hashPassword(next, config.scrypt));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, plain_password_enc: null, initial_password_expires_at: null, updated_at: new Date() }).where(eq(users.id, user.id));
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
