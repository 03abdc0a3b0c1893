import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isTownshipBound } from '@vot/shared/domain';
import type { RequestUser } from '../plugins/auth';

/**
 * The township scope of a user: the townships a township-bound role (Field Officer) works in, or
 * null for roles that see every township. Every repository query of township data applies it, so
 * another township's record is simply not found (404), never leaked.
 */
export function townshipScope(user: RequestUser): number[] | null {
  return isTownshipBound(user.role) ? user.township_ids : null;
}

/** A condition limiting `column` to the user's townships; undefined when the user is not limited. */
export function inScope(column: PgColumn, user: RequestUser): SQL | undefined {
  const scope = townshipScope(user);
  if (scope === null) return undefined;
  return scope.length ? inArray(column, scope) : sql`false`;
}

/** Whether a township is within the user's scope (for a township chosen in a form). */
export function townshipInScope(user: RequestUser, townshipId: number | null | undefined): boolean {
  const scope = townshipScope(user);
  return scope === null || (townshipId != null && scope.includes(townshipId));
}
