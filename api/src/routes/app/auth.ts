import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppSubject } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { appSessions, patients, volunteers } from '../../db/schema';
import { HttpError, MESSAGES } from '../../lib/http-errors';
import { hashToken } from '../../lib/secrets';
import type { InitialPassword } from '../../lib/initial-passwords';
import { keepSessionAlive } from '../../lib/session-expiry';

/** The volunteer or patient signed in to the phone app, as the app routes need them. */
export interface AppUser {
  kind: AppSubject;
  id: number;
  name: string;
  code: string;
  /** The volunteer's township (activities are filed under it); the patient's own. */
  township_id: number | null;
  session_id: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    appUser: AppUser | null;
  }
}

const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** Only active volunteers and patients: one moved to the trash is signed out at their next call. */
const ACTIVE = 1;

/**
 * Resolves an app token to a live app session (a session on an initial password reaches only the
 * routes marked `initialPassword`: sign-out, the profile and the password change) (app_sessions only: a staff token is unknown here,
 * as an app token is unknown to the staff routes), with the same idle and absolute expiry as staff
 * sessions and the same lazy last-seen write.
 */
export const authenticateApp: preHandlerAsyncHookHandler = async function (request) {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { db, config } = this;
  const [row] = await db
    .select({
      session_id: appSessions.id,
      last_seen_at: appSessions.last_seen_at,
      expires_at: appSessions.expires_at,
      volunteer_id: appSessions.volunteer_id,
      patient_id: appSessions.patient_id,
      volunteer: {
        name: volunteers.name,
        code: volunteers.code,
        township_id: volunteers.township_id,
        status: volunteers.status,
        initial: volunteers.plain_password_enc,
      },
      patient: {
        name: patients.name,
        code: patients.code,
        township_id: patients.township_id,
        status: patients.status,
        initial: patients.plain_password_enc,
      },
    })
    .from(appSessions)
    .leftJoin(volunteers, eq(volunteers.id, appSessions.volunteer_id))
    .leftJoin(patients, eq(patients.id, appSessions.patient_id))
    .where(and(eq(appSessions.token_hash, hashToken(token)), isNull(appSessions.revoked_at)))
    .limit(1);
  const subject = row?.volunteer_id != null ? row.volunteer : row?.patient;
  if (!row || !subject || subject.status !== ACTIVE) throw unauthenticated();
  await keepSessionAlive(db, appSessions, row, config.session.idleMs);
  request.appUser = {
    kind: row.volunteer_id != null ? 'volunteer' : 'patient',
    id: (row.volunteer_id ?? row.patient_id)!,
    name: subject.name,
    code: subject.code,
    township_id: subject.township_id,
    session_id: row.session_id,
  };
  // An initial password is a handed-out secret staff have seen: nothing but changing it until then,
  // refused before the route reads or checks anything of the request.
  if (subject.initial !== null && !request.routeOptions.config.initialPassword)
    throw new HttpError(403, MESSAGES.mustChangePassword);
};
/** An app token's check, as the OpenAPI document names it. */
Object.assign(authenticateApp, { signedIn: 'app' });

/** The app user of a request that passed authenticateApp. */
export function appUserOf(request: FastifyRequest): AppUser {
  if (!request.appUser) throw unauthenticated();
  return request.appUser;
}

/** preHandlers of a route only `kind` may call (a patient's token on a volunteer's call is 403). */
export function appOnly(kind: AppSubject): preHandlerAsyncHookHandler[] {
  const permitted: preHandlerAsyncHookHandler = async function (request) {
    if (appUserOf(request).kind !== kind) throw new HttpError(403, MESSAGES.forbidden);
  };
  return [authenticateApp, permitted];
}

/**
 * Revokes a volunteer's or patient's live app sessions, but `keep` (the caller's own, on a password
 * change): each signs in again at its next call. Answers how many ended.
 */
export async function endAppSessions(db: Database, kind: AppSubject, id: number, keep?: number): Promise<number> {
  const subject = kind === 'volunteer' ? appSessions.volunteer_id : appSessions.patient_id;
  const revoked = await db
    .update(appSessions)
    .set({ revoked_at: new Date() })
    .where(
      and(eq(subject, id), isNull(appSessions.revoked_at), keep === undefined ? undefined : ne(appSessions.id, keep)),
    )
    .returning({ id: appSessions.id });
  return revoked.length;
}

/**
 * Reset Password of a volunteer or patient: their new initial app password, kept while
 * they are active only (the trash hands out no sign-ins), and every app session of theirs ended.
 * The sessions ended, or null when the record is not active (the route answers 404).
 */
export async function resetAppPassword(
  db: Database,
  kind: AppSubject,
  id: number,
  initial: InitialPassword,
): Promise<number | null> {
  const table = kind === 'volunteer' ? volunteers : patients;
  const updated = await db
    .update(table)
    .set({ ...initial, updated_at: new Date() })
    .where(and(eq(table.id, id), eq(table.status, ACTIVE)))
    .returning({ id: table.id });
  return updated.length ? endAppSessions(db, kind, id) : null;
}
