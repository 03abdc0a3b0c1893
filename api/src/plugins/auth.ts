import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { isRole, type Role } from '@vot/shared/domain';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { isTownshipBound } from '@vot/shared/domain';
import { sessions, userTownships, users } from '../db/schema';
import { HttpError, MESSAGES } from '../lib/http-errors';
import { hashToken } from '../lib/secrets';

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
 * Resolves the bearer token to a live session: unknown or revoked tokens are 401 'Unauthenticated.',
 * a session past its idle or absolute expiry is 401 with the expiry message (and is revoked).
 * The last-seen time is written at most every minute (or every tenth of the idle time), not on every call.
 */
export const authenticate: preHandlerAsyncHookHandler = async function (request) {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { db, config } = this;
  const [row] = await db
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
      township_ids: sql<number[]>`array(select ${userTownships.township_id} from ${userTownships} where ${userTownships.user_id} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), isNull(sessions.revoked_at)))
    .limit(1);
  if (!row || !isRole(row.role)) throw unauthenticated();
  const now = Date.now();
  const idleSince = now - row.last_seen_at.getTime();
  if (idleSince > config.session.idleMs || now > row.expires_at.getTime()) {
    await db.update(sessions).set({ revoked_at: new Date(now) }).where(eq(sessions.id, row.session_id));
    throw new HttpError(401, MESSAGES.sessionExpired);
  }
  if (idleSince > Math.min(60_000, config.session.idleMs / 10)) {
    await db.update(sessions).set({ last_seen_at: new Date(now) }).where(eq(sessions.id, row.session_id));
  }
  // An initial password is a handed-out secret others have seen: nothing but changing it until then.
  const must_change_password = row.initial_password_expires_at !== null;
  if (must_change_password && !request.routeOptions.config.initialPassword) throw new HttpError(403, MESSAGES.mustChangePassword);
  const { last_seen_at: _seen, expires_at: _expires, initial_password_expires_at: _initial, township_ids, ...user } = row;
  request.user = { ...user, role: row.role, township_ids: isTownshipBound(row.role) ? township_ids : [], must_change_password };
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
