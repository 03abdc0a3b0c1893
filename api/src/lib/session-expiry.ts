import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSessions, sessions } from '../db/schema';
import { HttpError, MESSAGES } from './http-errors';

/** What the expiry needs of a staff or app session row. */
export interface SessionTimes {
  session_id: number;
  last_seen_at: Date;
  expires_at: Date;
}

/**
 * A live session's expiry, the same for staff (`sessions`) and the phone app (`app_sessions`): past
 * its idle or absolute expiry the request is a 401 with the expiry message, and a staff session is
 * revoked (an app session is not: its access token has ended, its device session lives on while a
 * refresh token does, docs/decisions/0144); else its last-seen time is written, at most every
 * minute (or every tenth of the idle time), not on every call.
 */
export async function keepSessionAlive(
  db: Database,
  table: typeof sessions | typeof appSessions,
  row: SessionTimes,
  idleMs: number,
): Promise<void> {
  const now = Date.now();
  const idleSince = now - row.last_seen_at.getTime();
  if (idleSince > idleMs || now > row.expires_at.getTime()) {
    if (table === appSessions) throw new HttpError(401, MESSAGES.sessionExpired);
    await db
      .update(table)
      .set({ revoked_at: new Date(now) })
      .where(eq(table.id, row.session_id));
    throw new HttpError(401, MESSAGES.sessionExpired);
  }
  if (idleSince > Math.min(60_000, idleMs / 10)) {
    await db
      .update(table)
      .set({ last_seen_at: new Date(now) })
      .where(eq(table.id, row.session_id));
  }
}
