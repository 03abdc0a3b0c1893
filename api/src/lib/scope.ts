import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isTownshipBound } from '@vot/shared/domain';
import type { RequestUser } from '../http/auth';

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

/**
 * The scope in a statement built once (lib/built-statements.ts): whether the user is limited is part
 * of its shape, the townships are one array placeholder (`townships`, scopeValues). So one statement
 * serves every Field Officer: kept by the townships themselves, each scope would leave statements of
 * its own on every pooled connection, without bound.
 */
export const isScopeBounded = (user: RequestUser) => townshipScope(user) !== null;

/** `column` within the placeholder `townships`; undefined for a statement of unlimited users. */
export function inGivenScope(column: PgColumn, bounded: boolean): SQL | undefined {
  return bounded ? sql`${column} = any(${sql.placeholder('townships')}::int[])` : undefined;
}

/** The value of inGivenScope's placeholder for this user. */
export const scopeValues = (user: RequestUser) => ({ townships: townshipScope(user) ?? [] });
