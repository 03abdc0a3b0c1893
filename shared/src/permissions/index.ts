import type { Role } from '../domain/roles';
import { ACCOUNT_RANKS, MATRIX, type Action, type Resource } from './matrix';

export { ACCOUNT_RANKS, MATRIX, ACTIONS, RESOURCES, type Action, type Resource } from './matrix';

export interface Permission {
  resource: Resource;
  action: Action;
}

/** One answer for the menu, the buttons and the API. A missing user can do nothing. */
export function can(user: { role: string } | null | undefined, resource: Resource, action: Action): boolean {
  if (!user) return false;
  const roles = (MATRIX[resource] as Partial<Record<Action, readonly Role[]>>)[action];
  return roles?.includes(user.role as Role) ?? false;
}

/** A role's rank in account management (ACCOUNT_RANKS): 0 for the roles it does not name, the top rank highest. */
export function accountRank(role: string): number {
  const index = ACCOUNT_RANKS.findIndex((roles) => (roles as readonly string[]).includes(role));
  return index < 0 ? 0 : ACCOUNT_RANKS.length - index;
}

/**
 * Why `user` may not act on an account of `role` (create, change, reset, end its sessions, delete),
 * or give it `newRole`; null when they may. The API refuses with it (403) and the account screens
 * offer only what it allows. The `accounts` grant itself is asked apart, with `can`.
 */
export function accountRefusal(
  user: { role: string } | null | undefined,
  role: string,
  newRole: string = role,
): string | null {
  if (!user) return 'Please sign in.';
  const own = accountRank(user.role);
  // The top rank acts on its own rank too: only an Admin makes or changes an Admin.
  const limit = own === ACCOUNT_RANKS.length ? own : own - 1;
  const over = [role, newRole].find((r) => accountRank(r) > limit);
  if (over === undefined) return null;
  if (accountRank(over) === ACCOUNT_RANKS.length) return `Only an Admin may act on an ${over} account.`;
  return `A ${user.role} acts only on accounts ranked below their own; ${over} is not.`;
}

/** accountRefusal as a yes or no, for the screens. */
export const mayManageAccount = (user: { role: string } | null | undefined, role: string, newRole?: string) =>
  accountRefusal(user, role, newRole) === null;
