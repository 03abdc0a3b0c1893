import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { mutate, writeAudit } from '../../lib/audit';
import { COMMON_PASSWORD, isCommonPassword } from '../../lib/common-passwords';
import { HttpError, MESSAGES, fieldError, tooManyAttempts } from '../../lib/http-errors';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/secrets';

/**
 * The one password and session mechanism behind both sign-ins: staff (email, `sessions`) and the
 * phone app (volunteer or patient code, `app_sessions`). What differs is passed in: the lockout key,
 * how the account is read, how its session row and new password are written, and the audit names.
 */

/**
 * Repeated failures for one key (an email, or an app code) within the window lock sign-in for it
 * until the oldest failure leaves the window. Counting per account (not per IP) protects an account
 * from a spread-out guesser; the price — someone can lock a known email out for 15 minutes — is
 * recorded in docs/decisions/0020 and 0021.
 *
 * The attempt is recorded BEFORE the slow password check, and its place among the window's
 * attempts decides: only the first `maxFailures` get a password check, so parallel requests cannot
 * all slip in before any failure is written. The reservation (insert, then count) is serialised per
 * key in this process. A locked attempt removes its row again, so knocking does not extend the lock.
 * Returns the attempt's id (deleted on success: it was no failure) or throws 429.
 */
const reserving = new Map<string, Promise<unknown>>();
async function reserveAttempt(app: FastifyInstance, request: FastifyRequest, key: string): Promise<number> {
  const previous = reserving.get(key) ?? Promise.resolve();
  const mine = previous.then(() => reserve(app, request, key));
  const settled = mine.catch(() => undefined);
  reserving.set(key, settled);
  void settled.then(() => {
    if (reserving.get(key) === settled) reserving.delete(key);
  });
  return mine;
}

async function reserve(app: FastifyInstance, request: FastifyRequest, key: string): Promise<number> {
  const { db, config } = app;
  const [attempt] = await db
    .insert(loginFailures)
    .values({ email: key, at: new Date(), ip: request.ip })
    .returning({ id: loginFailures.id });
  const since = new Date(Date.now() - config.login.windowMs);
  const window = await db
    .select({ id: loginFailures.id, at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key), gt(loginFailures.at, since), lte(loginFailures.id, attempt!.id)))
    .orderBy(asc(loginFailures.id));
  if (window.length <= config.login.maxFailures) return attempt!.id;
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id));
  const freeAt = window[window.length - 1 - config.login.maxFailures]!.at.getTime() + config.login.windowMs;
  throw new HttpError(429, tooManyAttempts(Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000))));
}

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please try again in a minute.';

/** Per client address and overall, before anything costs a hash: 429 with when to come back. */
function checkRate(app: FastifyInstance, reply: FastifyReply | undefined, address: string): void {
  const { perAddress, overall } = app.signInLimits;
  const wait = perAddress.take(address) || overall.take('*');
  if (!wait) return;
  reply?.header('Retry-After', String(wait));
  throw new HttpError(429, TOO_MANY_SIGN_INS);
}

/** An account as the mechanism needs it. */
interface Account {
  password_hash: string;
}

/** The rate limits, the lockout reservation, then the password through the bounded hashing queue. */
async function checkPassword<T extends Account>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  key: string,
  password: string,
  load: () => Promise<T | undefined>,
  onLocked?: () => Promise<void>,
) {
  checkRate(app, reply, request.ip);
  let attemptId: number;
  try {
    attemptId = await reserveAttempt(app, request, key);
  } catch (error) {
    if (onLocked && error instanceof HttpError && error.statusCode === 429) await onLocked();
    throw error;
  }
  const account = await load();
  // An unknown account costs the same hash as a known one, so timing does not tell which exist.
  const ok = await app.signInLimits.hashing
    .run(async () => verifyPassword(password, account?.password_hash ?? (await dummyHash(app.config.scrypt))))
    .catch(async (error: unknown) => {
      // Turned away unchecked (503): not a failure of the person signing in.
      await app.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
      throw error;
    });
  return { account, ok, attemptId };
}

/** A right password: the failures counted against the key are forgotten. */
const forgetFailures = (app: FastifyInstance, key: string) =>
  app.db.delete(loginFailures).where(eq(loginFailures.email, key));

export interface SessionStart {
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string;
  user_agent: string | null;
}

export interface PasswordSignIn<T extends Account> {
  /** The lockout key: the email, or the app's `app:kind:code`. */
  key: string;
  password: string;
  /** Reads the account (undefined when unknown). */
  load: () => Promise<T | undefined>;
  /** The audit entity of the session ('session', 'app-session') and who tried, for failures. */
  entity: string;
  actor: { id: number | null; email: string };
  /** The audit reason when no account was found ('unknown email'). */
  unknown: string;
  /** A reason to refuse an account with the right password (its message and audit reason), if any. */
  refuse?: (account: T) => { message: string; reason: string } | null;
  /** Writes the session row (the owner's column plus `start`) and answers its id. */
  open: (account: T, start: SessionStart) => Promise<number>;
  /** Stores a stronger hash of the same password (the hash cost was raised since). */
  rehash: (account: T, hash: string) => Promise<unknown>;
  /** Who signed in, for the audit entry of the sign-in (`actor` when not given). */
  signedIn?: (account: T) => { id: number | null; email: string };
}

/** Signs in with a password: checks it behind the protections, opens a session, answers the account and its token. */
export async function passwordSignIn<T extends Account>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  how: PasswordSignIn<T>,
) {
  const { db, config } = app;
  const failed = (after: Record<string, unknown>) =>
    writeAudit(db, request, { action: 'sign-in-failed', entity: how.entity, after }, how.actor);
  const { account, ok, attemptId } = await checkPassword(app, request, reply, how.key, how.password, how.load, () =>
    failed({ reason: 'locked' }),
  );
  if (!account || !ok) {
    await failed({ reason: account ? 'password' : how.unknown });
    throw new HttpError(401, MESSAGES.badCredentials);
  }
  // Told only to whoever knows the password: it says nothing about which accounts exist.
  const refused = how.refuse?.(account);
  if (refused) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    await failed({ reason: refused.reason });
    throw new HttpError(401, refused.message);
  }
  const token = newToken();
  const now = new Date();
  const sessionId = await how.open(account, {
    token_hash: hashToken(token),
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + config.session.maxMs),
    ip: request.ip,
    user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  await forgetFailures(app, how.key);
  if (needsRehash(account.password_hash, config.scrypt))
    await how.rehash(account, await app.signInLimits.hashing.run(() => hashPassword(how.password, config.scrypt)));
  await writeAudit(
    db,
    request,
    { action: 'sign-in', entity: how.entity, entity_id: sessionId },
    how.signedIn?.(account) ?? how.actor,
  );
  return { account, token };
}

export interface PasswordChange {
  /** The lockout key of guesses at the current password: the session's own (changeKey). */
  key: string;
  /** The account, already read: its current hash. */
  account: Account;
  current: string;
  next: string;
  /** The audit entity and id of the account ('users', 'volunteers', 'patients'). */
  entity: string;
  entity_id: number;
  /** In one transaction: stores the new hash (and clears the initial password), revokes the other sessions; answers how many. */
  store: (tx: Database, password_hash: string) => Promise<number>;
}

/**
 * The lockout key of a password change: the sign-in key and the session. Guesses at the current
 * password from a stolen session are counted and locked as at sign-in, but against that session
 * only: someone locking a code or an email by failed sign-ins never stops a device that already
 * holds a session from changing its password (all a session on an initial password may do).
 */
export const changeKey = (signInKey: string, sessionId: number) => `${signInKey}#session:${sessionId}`;

/**
 * Verifies the current password (guessing it from a stolen session counts like guessing at
 * sign-in, under changeKey), stores the new hash, forgets the generated initial password for good, and revokes every
 * other session of the account (a stolen token stops working).
 */
export async function passwordChange(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  how: PasswordChange,
): Promise<void> {
  const { db, config } = app;
  // Input alone decides this, so it is answered before anything costs a hash.
  if (isCommonPassword(how.next)) throw fieldError('new_password', COMMON_PASSWORD);
  const { ok } = await checkPassword(app, request, reply, how.key, how.current, async () => how.account);
  if (!ok) {
    await writeAudit(db, request, { action: 'change-password-failed', entity: how.entity, entity_id: how.entity_id });
    throw new HttpError(400, MESSAGES.currentPasswordIncorrect, {
      current_password: [MESSAGES.currentPasswordIncorrect],
    });
  }
  await forgetFailures(app, how.key);
  const password_hash = await app.signInLimits.hashing.run(() => hashPassword(how.next, config.scrypt));
  await mutate(db, request, async (tx) => {
    const revoked = await how.store(tx, password_hash);
    return {
      audit: {
        action: 'change-password',
        entity: how.entity,
        entity_id: how.entity_id,
        after: { other_sessions_revoked: revoked },
      },
      result: null,
    };
  });
}
