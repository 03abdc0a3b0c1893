import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Profile, SignedIn } from '@vot/shared/schemas';
import { projects, sessions, townships, userTownships, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { HttpError, MESSAGES } from '../../lib/http-errors';
import { changeKey, passwordChange, passwordSignIn } from './credentials';

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  emailInput: string,
  password: string,
  reply?: FastifyReply,
): Promise<SignedIn> {
  const { db } = app;
  const email = emailInput.trim().toLowerCase();
  const { account: user, token } = await passwordSignIn(app, request, reply, {
    key: email,
    password,
    load: async () => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],
    entity: 'session',
    actor: { id: null, email },
    unknown: 'unknown email',
    refuse: (user) =>
      user.initial_password_expires_at && user.initial_password_expires_at.getTime() <= Date.now()
        ? { message: MESSAGES.initialPasswordExpired, reason: 'initial password expired' }
        : null,
    open: async (user, start) =>
      (
        await db
          .insert(sessions)
          .values({ user_id: user.id, ...start })
          .returning({ id: sessions.id })
      )[0]!.id,
    rehash: (user, password_hash) => db.update(users).set({ password_hash }).where(eq(users.id, user.id)),
    signedIn: (user) => ({ id: user.id, email: user.email }),
  });
  const [[township], account] = await Promise.all([
    user.township_id
      ? db.select({ id: townships.id, name: townships.name }).from(townships).where(eq(townships.id, user.township_id))
      : Promise.resolve([]),
    profile(app, user.id),
  ]);
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    township: township ?? null,
    access_token: token,
    must_change_password: user.initial_password_expires_at !== null,
    profile: account,
  };
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, sessionId: number): Promise<void> {
  await app.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
  await writeAudit(app.db, request, { action: 'sign-out', entity: 'session', entity_id: sessionId });
}

export async function profile(app: FastifyInstance, userId: number): Promise<Profile> {
  const { db } = app;
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      project_id: users.project_id,
      initial: users.initial_password_expires_at,
    })
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
  return {
    ...rest,
    townships: assigned,
    project: project[0] ?? null,
    must_change_password: initial !== null,
  } satisfies Profile;
}

/** The staff password change (credentials.ts passwordChange): the initial password and its expiry go too. */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: number; session_id: number },
  current: string,
  next: string,
  reply?: FastifyReply,
): Promise<void> {
  const [row] = await app.db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
  await passwordChange(app, request, reply, {
    key: changeKey(row.email, user.session_id),
    account: row,
    current,
    next,
    entity: 'users',
    entity_id: user.id,
    store: async (tx, password_hash) => {
      await tx
        .update(users)
        .set({ password_hash, plain_password_enc: null, initial_password_expires_at: null, updated_at: new Date() })
        .where(eq(users.id, user.id));
      const revoked = await tx
        .update(sessions)
        .set({ revoked_at: new Date() })
        .where(and(eq(sessions.user_id, user.id), ne(sessions.id, user.session_id), isNull(sessions.revoked_at)))
        .returning({ id: sessions.id });
      return revoked.length;
    },
  });
}
