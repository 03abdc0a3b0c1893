import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { isRole, type Role } from '@vot/shared/domain';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { isTownshipBound } from '@vot/shared/domain';
import type { Database } from '../db/client';
import { sessions, userTownships, users } from '../db/schema';
import { HttpError, MESSAGES } from '../lib/http-errors';
import { hashToken } from '../lib/secrets';
import { keepSessionAlive } from '../lib/session-expiry';

/** The signed-in user of a request, as the routes and repositories need it. */
export interface RequestUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  project_id: number | null;
  township_id: number | null;
  session_id: number;
  /**
   * The townships a township-bound role (Field Officer) works in: the scope every repository query
   * of township data applies. Empty for other roles, which are not limited by township.
   */
  township_ids: number[];
  /** Signed in with an initial password not yet changed: only the routes marked `initialPassword` answer. */
  must_change_password?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /** This route serves a session still on its initial password (GET user, logout, change password). */
    initialPassword?: boolean;
  }
}

const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The session check's one statement, built once per database and prepared (named on PostgreSQL:
 * each connection parses and plans it once): it runs on every request, always in this shape.
 */
const sessionStatements = new WeakMap<Database, ReturnType<typeof prepareSessionCheck>>();

function prepareSessionCheck(db: Database) {
  return db
    .select({
      session_id: sessions.id,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      project_id: users.project_id,
      township_id: users.township_id,
      initial_password_expires_at: users.initial_password_expires_at,
      // In the same statement as the session, not a second round trip on every call of a Field Officer.
      township_ids: sql<
        number[]
      >`array(select ${userTownships.township_id} from ${userTownships} where ${userTownships.user_id} = ${users.id} order by 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('token_hash')), isNull(sessions.revoked_at)))
    .limit(1)
    .prepare('session_check');
}

function sessionStatement(db: Database) {
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = prepareSessionCheck(db)));
  return statement;
}

/**
 * Who each recently checked token belonged to (per database, at most RECENT_USERS): a guess to
 * start a read with while its session is checked (checkedAlongside), never a pass. A failed check
 * forgets its token.
 */
const recentUsers = new WeakMap<Database, Map<string, RequestUser>>();
const RECENT_USERS = 10_000;

function recentOf(db: Database) {
  let recent = recentUsers.get(db);
  if (!recent) recentUsers.set(db, (recent = new Map()));
  return recent;
}

function remember(db: Database, tokenHash: string, user: RequestUser) {
  const recent = recentOf(db);
  recent.delete(tokenHash);
  if (user.must_change_password) return;
  if (recent.size >= RECENT_USERS) recent.delete(recent.keys().next().value!);
  recent.set(tokenHash, user);
}

/** The hash of the request's bearer token; 401 without one. */
function tokenHashOf(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  return hashToken(token);
}

/**
 * Resolves a token to a live session: unknown or revoked tokens are 401 'Unauthenticated.', a
 * session past its idle or absolute expiry is 401 with the expiry message (and is revoked:
 * keepSessionAlive, as for the phone app's sessions).
 */
async function checkSession(
  { db, config }: FastifyInstance,
  request: FastifyRequest,
  tokenHash: string,
): Promise<RequestUser> {
  try {
    const [row] = await sessionStatement(db).execute({ token_hash: tokenHash });
    if (!row || !isRole(row.role)) throw unauthenticated();
    await keepSessionAlive(db, sessions, row, config.session.idleMs);
    // An initial password is a handed-out secret others have seen: nothing but changing it until then.
    const must_change_password = row.initial_password_expires_at !== null;
    const {
      last_seen_at: _seen,
      expires_at: _expires,
      initial_password_expires_at: _initial,
      township_ids,
      ...user
    } = row;
    const checked: RequestUser = {
      ...user,
      role: row.role,
      township_ids: isTownshipBound(row.role) ? township_ids : [],
      must_change_password,
    };
    remember(db, tokenHash, checked);
    if (must_change_password && !request.routeOptions.config.initialPassword)
      throw new HttpError(403, MESSAGES.mustChangePassword);
    return checked;
  } catch (error) {
    recentOf(db).delete(tokenHash);
    throw error;
  }
}

/** Resolves the bearer token to a live session before anything else of the request (checkSession). */
export const authenticate: preHandlerAsyncHookHandler = async function (request) {
  request.user = await checkSession(this, request, tokenHashOf(request));
};
/** A staff token's check, as the OpenAPI document names it. */
Object.assign(authenticate, { signedIn: 'staff' });

/** preHandlers for a route: a signed-in user whose role may do `action` on `resource` (else 403). */
export function allow(resource: Resource, action: Action): preHandlerAsyncHookHandler[] {
  const permitted: preHandlerAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    if (!can(request.user, resource, action)) throw new HttpError(403, MESSAGES.forbidden);
  };
  // Says what it checks, for the OpenAPI document (openapi/document.ts).
  return [authenticate, Object.assign(permitted, { permission: { resource, action } })];
}

export function signedInUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The check a checkedAlongside read started with, until its handler has awaited it. */
const pendingChecks = new WeakMap<FastifyRequest, Promise<RequestUser>>();

const sameUser = (a: RequestUser, b: RequestUser) =>
  a.id === b.id &&
  a.session_id === b.session_id &&
  a.name === b.name &&
  a.email === b.email &&
  a.role === b.role &&
  a.project_id === b.project_id &&
  a.township_id === b.township_id &&
  a.must_change_password === b.must_change_password &&
  a.township_ids.join() === b.township_ids.join();

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * A read route whose work starts alongside its session check, not after it: one round trip less
 * per request (docs/decisions/0037). When the token was checked
 * recently by this process, `read` starts at once with the user it belonged to, while the session
 * is checked as authenticate checks it; the answer waits for the check, and goes out only if the
 * check passes with that very user — else the check's 401/403, or `read` again with the user as
 * now. A token not seen yet is checked first. So `read` must only read (no write, no reply of its
 * own) and take every decision about the user from its `user`, permission checks included.
 */
export function checkedAlongside<T>(read: (request: FastifyRequest, user: RequestUser) => Promise<T>): {
  preHandler: preHandlerAsyncHookHandler;
  handler: RouteHandlerMethod;
} {
  const preHandler: preHandlerAsyncHookHandler = async function (request) {
    const tokenHash = tokenHashOf(request);
    const guess = recentOf(this.db).get(tokenHash);
    if (!guess) {
      request.user = await checkSession(this, request, tokenHash);
      return;
    }
    request.user = guess;
    const check = checkSession(this, request, tokenHash);
    // Awaited by the handler; a failure before then (the read threw first) must not go unhandled.
    check.catch(() => undefined);
    pendingChecks.set(request, check);
  };
  const handler: RouteHandlerMethod = async function (request) {
    const check = pendingChecks.get(request);
    if (!check) return read(request, signedInUser(request));
    pendingChecks.delete(request);
    const guess = signedInUser(request);
    const guessed = settle(read(request, guess));
    const user = await check;
    request.user = user;
    if (!sameUser(user, guess)) return read(request, user);
    const answer = await guessed;
    if (!answer.ok) throw answer.error;
    return answer.value;
  };
  return { preHandler: Object.assign(preHandler, { signedIn: 'staff' as const }), handler };
}

/**
 * checkedAlongside for a read that one permission allows (as `allow` for other routes): the
 * permission is checked in the read, against the user it reads for, and named for the OpenAPI
 * document as `allow` names it.
 */
export function allowedAlongside<T>(
  resource: Resource,
  action: Action,
  read: (request: FastifyRequest, user: RequestUser) => Promise<T>,
) {
  const route = checkedAlongside(async (request, user) => {
    if (!can(user, resource, action)) throw new HttpError(403, MESSAGES.forbidden);
    return read(request, user);
  });
  Object.assign(route.preHandler, { permission: { resource, action } });
  return route;
}
