import type { Role } from '../domain/roles';
import { MATRIX, type Action, type Resource } from './matrix';

export { MATRIX, ACTIONS, RESOURCES, type Action, type Resource } from './matrix';

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
