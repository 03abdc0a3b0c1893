import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { mayManageAccount } from '@vot/shared/permissions';
import type { Account } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { projects, townships, userTownships, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageOf } from '../../lib/paging';
import { decryptText } from '../../lib/secrets';

export const ACCOUNT_NOT_FOUND = 'Account not found.';

export interface AccountFilter {
  id?: number;
  email?: string;
  role?: string;
}

function conditions(filter: AccountFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id !== undefined) parts.push(eq(users.id, filter.id));
  // The email filter is a "contains" search; % and _ typed by the user are taken literally.
  if (filter.email) parts.push(ilike(users.email, `%${filter.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.role) parts.push(eq(users.role, filter.role));
  return parts.length ? and(...parts) : undefined;
}

/** Who reads the accounts: what they may see of each depends on their role. */
export interface Viewer {
  role: string;
}

/**
 * An account's stored plain password, as `viewer` may see it. Only whoever may act on the account
 * (its rank is below theirs) sees it, and only while it still signs in: an initial password until
 * it expires (the owner's change clears it). A password without expiry is a demo account's (an
 * operator's VOT_ADMIN_PASSWORD is never stored readable): shown to an Admin only.
 */
function shownPassword(key: Buffer, viewer: Viewer, row: { role: string; enc: string | null; expires: Date | null }) {
  if (!row.enc || !mayManageAccount(viewer, row.role)) return null;
  if (row.expires === null) return viewer.role === 'Admin' ? decryptText(key, row.enc) : null;
  return row.expires.getTime() > Date.now() ? decryptText(key, row.enc) : null;
}

/** Accounts with their project and townships, in two queries whatever the page size. */
export async function listAccounts(
  db: Database,
  key: Buffer,
  viewer: Viewer,
  filter: AccountFilter,
  paging: { limit?: number; offset: number },
) {
  const where = conditions(filter);
  const query = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      enc: users.plain_password_enc,
      expires: users.initial_password_expires_at,
      role: users.role,
      township_id: users.township_id,
      project_id: projects.id,
      project_name: projects.name,
    })
    .from(users)
    .leftJoin(projects, eq(projects.id, users.project_id))
    .where(where)
    .orderBy(asc(users.id))
    .offset(paging.offset);
  const { data: rows, total } = await pageOf(
    query,
    db.select({ total: count() }).from(users).where(where),
    paging.limit,
  );
  const assigned = rows.length
    ? await db
        .select({ user_id: userTownships.user_id, id: townships.id, name: townships.name })
        .from(userTownships)
        .innerJoin(townships, eq(townships.id, userTownships.township_id))
        .where(
          inArray(
            userTownships.user_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(townships.name))
    : [];
  const data = rows.map((r) => {
    const own = assigned.filter((t) => t.user_id === r.id).map(({ id, name }) => ({ id, name }));
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      plain_password: shownPassword(key, viewer, r),
      role: r.role,
      township: own.find((t) => t.id === r.township_id) ?? own[0] ?? null,
      townships: own,
      project: r.project_id ? { id: r.project_id, name: r.project_name! } : null,
    } satisfies Account;
  });
  return { data, total };
}

export async function findAccount(db: Database, key: Buffer, viewer: Viewer, id: number): Promise<Account> {
  const { data } = await listAccounts(db, key, viewer, { id }, { offset: 0 });
  if (!data[0]) throw notFound(ACCOUNT_NOT_FOUND);
  return data[0];
}
