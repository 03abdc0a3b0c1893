import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appSessions, sessions } from '../db/schema';
import { HttpError, MESSAGES } from './http-errors';
import { checkSignedPath, type LinkQuery, type LinkSigner } from './signed-links';

export const LINK_EXPIRED = 'This link has expired.';
export const LINK_INVALID = 'This link is not valid.';

/**
 * The signer of the links a request hands out: bound to the session that asks (staff or app), so
 * a link ends with it. Only routes behind a sign-in hand out links.
 */
export function linksFor(request: FastifyRequest): LinkSigner {
  const session = request.user
    ? `s${request.user.session_id}`
    : request.appUser
      ? `a${request.appUser.session_id}`
      : null;
  if (!session) throw new HttpError(401, MESSAGES.unauthenticated);
  return { key: request.server.secretKey, session };
}

/** Whether the session a link names still lives: not revoked, within its absolute and idle expiry. */
async function sessionLives(app: FastifyInstance, session: string): Promise<boolean> {
  const table = session.startsWith('s') ? sessions : appSessions;
  const now = Date.now();
  const [row] = await app.db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.id, Number(session.slice(1))),
        isNull(table.revoked_at),
        gt(table.expires_at, new Date(now)),
        gt(table.last_seen_at, new Date(now - app.config.session.idleMs)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A file route's first step: 403 unless the link is ours, unexpired, and its session still lives
 * (a link handed out before a sign-out is as expired as an old one: ask for the record again).
 */
export async function checkLink(app: FastifyInstance, path: string, query: LinkQuery): Promise<void> {
  const check = checkSignedPath(app.secretKey, path, query);
  if (check === 'invalid') throw new HttpError(403, LINK_INVALID);
  if (check === 'expired' || !(await sessionLives(app, query.session as string)))
    throw new HttpError(403, LINK_EXPIRED);
}
