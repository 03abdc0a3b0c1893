import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTownshipBound, PROJECT_BOUND_ROLES, successMessage, type Role } from '@vot/shared/domain';
import { ACCOUNT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { SessionsEnded } from '@vot/shared/schemas';
import { accountRefusal } from '@vot/shared/permissions';
import type { Database } from '../../db/client';
import { projects, sessions, townships, userTownships, users } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { HttpError, MESSAGES, fieldError, notFound } from '../../lib/http-errors';
import { pagingOf } from '../../lib/paging';
import { limitResets, newInitialPassword } from '../../lib/initial-passwords';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { TOWNSHIP_MISSING } from '../townships/repository';
import { ACCOUNT_NOT_FOUND, findAccount, listAccounts } from './repository';

const EMAIL_TAKEN = 'Email has already been taken!';
export const LAST_ADMIN =
  'This is the last Admin account: it can be neither deleted nor given another role. Make another account Admin first.';

/** 403 unless the signed-in user may act on an account of `role` and give it `newRole` (ACCOUNT_RANKS). */
function checkRank(request: FastifyRequest, role: string, newRole?: string): void {
  const refusal = accountRefusal(signedInUser(request), role, newRole);
  if (refusal) throw new HttpError(403, refusal);
}

/** An account's role, read before a slow hash is made for it (404 when there is none). */
async function roleOf(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row.role;
}

/**
 * 409 when the Admin account `leaving` (deleted or given another role) is the last one. Every Admin
 * row is locked first, in one order, so two Admins removing each other at once cannot both pass.
 */
async function keepAnAdmin(tx: Database, leaving: number): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'Admin'))
    .orderBy(asc(users.id))
    .for('update');
  if (admins.every((a) => a.id === leaving)) throw new HttpError(409, LAST_ADMIN);
}

/** GET users' query: a part of the email, a role. */

function duplicateEmail(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw fieldError('email', EMAIL_TAKEN);
  throw error;
}

/**
 * A project only for the roles that work in one; townships only for township-bound roles, and
 * only townships of that project (a Field Officer of MDR-TB cannot be sent to a PICTS township).
 */
async function assignment(db: Database, role: Role, projectId: number | undefined, townshipIds: number[]) {
  const project_id = (PROJECT_BOUND_ROLES as readonly Role[]).includes(role) ? (projectId ?? null) : null;
  if (project_id !== null) {
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, project_id));
    if (!project) throw fieldError('project_id', 'Project does not exist!');
  }
  if (!isTownshipBound(role)) return { project_id, township_ids: [] as number[] };
  const ids = [...new Set(townshipIds)];
  const found = await db
    .select({ id: townships.id, project_id: townships.project_id })
    .from(townships)
    .where(inArray(townships.id, ids));
  if (found.length !== ids.length) throw fieldError('township_id', TOWNSHIP_MISSING);
  if (found.some((t) => t.project_id !== project_id))
    throw fieldError('township_id', 'Township is not in the chosen project!');
  return { project_id, township_ids: ids };
}

/** Revokes every live session of an account: it signs in again on its next request. */
function endSessions(db: Database, userId: number) {
  return db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
}

async function setTownships(db: Database, userId: number, ids: number[]) {
  await db.delete(userTownships).where(eq(userTownships.user_id, userId));
  if (ids.length) await db.insert(userTownships).values(ids.map((township_id) => ({ user_id: userId, township_id })));
}

/** SPEC.md §7 accounts: users list/show/update/delete, io-register, email-users. */
export default async function accountRoutes(app: FastifyInstance) {
  const { db, secretKey } = app;

  register(app, OPS.list, async ({ request, query: { email, role } }) => {
    const { data, total } = await listAccounts(
      db,
      secretKey,
      signedInUser(request),
      { email, role },
      pagingOf(request),
    );
    return { data, status: 'success' as const, total };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: await findAccount(db, secretKey, signedInUser(request), idOf(request, ACCOUNT_NOT_FOUND)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request, body: input }) => {
    const role = input.role as Role;
    checkRank(request, role);
    const initial = await newInitialPassword(app);
    const data = await mutate(db, request, async (tx) => {
      const { project_id, township_ids } = await assignment(
        tx,
        role,
        input.project_id,
        input.township_id ? [input.township_id] : [],
      );
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          role,
          ...initial,
          project_id,
          township_id: township_ids[0] ?? null,
        })
        .returning({ id: users.id })
        .catch(duplicateEmail);
      await setTownships(tx, row!.id, township_ids);
      const account = await findAccount(tx, secretKey, signedInUser(request), row!.id);
      return { audit: { action: 'create', entity: 'users', entity_id: row!.id, after: account }, result: account };
    });
    return { data, status: 'success' as const, message: successMessage('Account', 'created') };
  });

  register(app, OPS.update, async ({ request, body: input }) => {
    const id = idOf(request, ACCOUNT_NOT_FOUND);
    const role = input.role as Role;
    const data = await mutate(db, request, async (tx) => {
      const before = await findAccount(tx, secretKey, signedInUser(request), id);
      checkRank(request, before.role, role);
      if (before.role === 'Admin' && role !== 'Admin') await keepAnAdmin(tx, id);
      const { project_id, township_ids } = await assignment(tx, role, input.project_id, input.township_ids);
      const keep =
        before.township && township_ids.includes(before.township.id) ? before.township.id : (township_ids[0] ?? null);
      await tx
        .update(users)
        .set({ name: input.name, role, project_id, township_id: keep, updated_at: new Date() })
        .where(eq(users.id, id));
      await setTownships(tx, id, township_ids);
      const after = await findAccount(tx, secretKey, signedInUser(request), id);
      return { audit: { action: 'update', entity: 'users', entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Account', 'updated') };
  });

  register(app, OPS.updateEmail, async ({ request, body: { email } }) => {
    const id = idOf(request, ACCOUNT_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await findAccount(tx, secretKey, signedInUser(request), id);
      checkRank(request, before.role);
      await tx.update(users).set({ email, updated_at: new Date() }).where(eq(users.id, id)).catch(duplicateEmail);
      const after = await findAccount(tx, secretKey, signedInUser(request), id);
      return {
        audit: {
          action: 'update',
          entity: 'users',
          entity_id: id,
          before: { email: before.email },
          after: { email: after.email },
        },
        result: after,
      };
    });
    return { data, status: 'success' as const, message: successMessage('Email', 'updated') };
  });

  // Ends every session of an account at once (a lost phone, a leaver, a shared password): the
  // person signs in again on their next request. Not in SPEC.md §7; docs/api.md describes it.
  register(app, OPS.endSessions, async ({ request }) => {
    const id = idOf(request, ACCOUNT_NOT_FOUND);
    const ended = await mutate(db, request, async (tx) => {
      checkRank(request, (await findAccount(tx, secretKey, signedInUser(request), id)).role);
      const revoked = await endSessions(tx, id);
      return {
        audit: { action: 'sign-out', entity: 'users', entity_id: id, after: { sessions_ended: revoked.length } },
        result: revoked.length,
      };
    });
    return { message: `${ended} session(s) ended.`, ended } satisfies SessionsEnded;
  });

  // A new initial password for an account whose initial one expired (or was lost): generated,
  // shown to the account manager as on creation, with a new life; every session of the account
  // ends, so whoever held the old password is out. Not in SPEC.md §7; docs/api.md describes it.
  register(
    app,
    OPS.resetPassword,
    async ({ request }) => {
      const id = idOf(request, ACCOUNT_NOT_FOUND);
      if (id === signedInUser(request).id)
        throw new HttpError(400, 'You cannot reset your own password; change it instead.');
      checkRank(request, await roleOf(db, id));
      const initial = await newInitialPassword(app);
      const data = await mutate(db, request, async (tx) => {
        checkRank(request, (await findAccount(tx, secretKey, signedInUser(request), id)).role);
        await tx
          .update(users)
          .set({ ...initial, updated_at: new Date() })
          .where(eq(users.id, id));
        const revoked = await endSessions(tx, id);
        const account = await findAccount(tx, secretKey, signedInUser(request), id);
        return {
          audit: {
            action: 'reset-password',
            entity: 'users',
            entity_id: id,
            after: { sessions_ended: revoked.length },
          },
          result: account,
        };
      });
      return { data, status: 'success' as const, message: MESSAGES.passwordReset };
    },
    [limitResets],
  );

  register(app, OPS.remove, async ({ request }) => {
    const id = idOf(request, ACCOUNT_NOT_FOUND);
    if (id === signedInUser(request).id) throw new HttpError(400, 'You cannot delete your own account.');
    await mutate(db, request, async (tx) => {
      const before = await findAccount(tx, secretKey, signedInUser(request), id);
      checkRank(request, before.role);
      if (before.role === 'Admin') await keepAnAdmin(tx, id);
      // Its sessions go with it (ON DELETE CASCADE): the account is signed out at once.
      await tx.delete(users).where(eq(users.id, id));
      return { audit: { action: 'delete', entity: 'users', entity_id: id, before }, result: null };
    });
    return { message: successMessage('Account', 'deleted') };
  });
}
