import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_SESSION_OPERATIONS } from '@vot/shared/operations';
import type { AppTokens } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { appRefreshTokens, appSessions, patients, volunteers } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { HttpError, MESSAGES } from '../../lib/http-errors';
import { registerApp } from '../../lib/operations';
import { hashToken, newToken } from '../../lib/secrets';

const ACTIVE = 1;

/** A new refresh token of an app session, stored by its hash; usable for the configured device time. */
export async function issueRefreshToken(
  db: Database,
  sessionId: number,
  deviceMs: number,
  now = new Date(),
): Promise<{ refresh_token: string; refresh_expires_at: string }> {
  const token = newToken();
  const expires = new Date(now.getTime() + deviceMs);
  await db
    .insert(appRefreshTokens)
    .values({ session_id: sessionId, token_hash: hashToken(token), created_at: now, expires_at: expires });
  return { refresh_token: token, refresh_expires_at: expires.toISOString() };
}

const refused = () => new HttpError(401, MESSAGES.refreshRefused);

/** An app session's volunteer or patient: whether they are still active, and who they are for the audit. */
async function subjectOf(db: Database, sessionId: number, live: boolean) {
  const [row] = await db
    .select({
      volunteer: { status: volunteers.status, code: volunteers.code },
      patient: { status: patients.status, code: patients.code },
    })
    .from(appSessions)
    .leftJoin(volunteers, eq(volunteers.id, appSessions.volunteer_id))
    .leftJoin(patients, eq(patients.id, appSessions.patient_id))
    .where(and(eq(appSessions.id, sessionId), live ? isNull(appSessions.revoked_at) : undefined))
    .limit(1);
  if (!row) return null;
  const [kind, subject] = row.volunteer
    ? (['volunteer', row.volunteer] as const)
    : (['patient', row.patient!] as const);
  return { active: subject.status === ACTIVE, actor: { id: null, email: `${kind}:${subject.code}` } };
}

/**
 * POST app/refresh (docs/decisions/0144): a refresh token is used once. The first use, while it is
 * unexpired and its session unrevoked (no sign-out, no password reset or change elsewhere, the
 * volunteer or patient still active), answers a new access token and a new refresh token. A used
 * token presented again is a copy in other hands (or a lost answer): the whole device session is
 * revoked, and every call of its tokens is a 401.
 */
export default async function deviceSessionRoutes(app: FastifyInstance) {
  const { db, config } = app;

  registerApp(app, APP_SESSION_OPERATIONS.refresh, async ({ request, body }): Promise<AppTokens> => {
    const now = new Date();
    const hash = hashToken(body.refresh_token);
    // One statement, so two calls with the same token cannot both use it.
    const [used] = await db
      .update(appRefreshTokens)
      .set({ used_at: now })
      .where(and(eq(appRefreshTokens.token_hash, hash), isNull(appRefreshTokens.used_at)))
      .returning({ session_id: appRefreshTokens.session_id, expires_at: appRefreshTokens.expires_at });
    if (!used) {
      const [reused] = await db
        .select({ session_id: appRefreshTokens.session_id })
        .from(appRefreshTokens)
        .where(eq(appRefreshTokens.token_hash, hash))
        .limit(1);
      // Who the session is for, read first: the revocation and its entry commit together (mutate).
      const subject = reused ? await subjectOf(db, reused.session_id, false) : null;
      if (reused && subject)
        await mutate(
          db,
          request,
          async (tx) => {
            const ended = await tx
              .update(appSessions)
              .set({ revoked_at: now })
              .where(and(eq(appSessions.id, reused.session_id), isNull(appSessions.revoked_at)))
              .returning({ id: appSessions.id });
            const entry = {
              action: 'sign-out' as const,
              entity: 'app-session',
              entity_id: reused.session_id,
              after: { reason: 'refresh token reused' },
            };
            return { audit: ended.length ? entry : null, result: undefined };
          },
          subject.actor,
        );
      throw refused();
    }
    const subject = await subjectOf(db, used.session_id, true);
    if (!subject?.active || used.expires_at <= now) throw refused();
    const access = newToken();
    const tokens = await mutate(
      db,
      request,
      async (tx) => {
        await tx
          .update(appSessions)
          .set({
            token_hash: hashToken(access),
            last_seen_at: now,
            expires_at: new Date(now.getTime() + config.session.maxMs),
          })
          .where(eq(appSessions.id, used.session_id));
        return {
          audit: { action: 'refresh' as const, entity: 'app-session', entity_id: used.session_id },
          result: await issueRefreshToken(tx, used.session_id, config.session.deviceMs, now),
        };
      },
      subject.actor,
    );
    return { access_token: access, ...tokens };
  });
}
