import { MENU_GROUPS, type MenuGroup, type MenuItem, type RemoteRouteDef } from '@vot/shared/contract';
import { can } from '@vot/shared/permissions';
import type { SessionUser } from '@vot/shared/session';
import type { RemoteState } from './registry';

export interface MenuSection {
  group: MenuGroup;
  items: MenuItem[];
}

/** The sidebar: every enabled remote's items the user may read, in the spec's group order. */
export function buildMenu(remotes: RemoteState[], user: SessionUser | null): MenuSection[] {
  const items = remotes
    .filter((r) => r.enabled && r.module)
    .flatMap((r) => r.module!.menu)
    .filter((item) => can(user, item.permission.resource, item.permission.action));
  return MENU_GROUPS.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter(
    (s) => s.items.length,
  );
}

export interface RouteEntry {
  remote: RemoteState;
  route: RemoteRouteDef;
}

/** Every route known from module.json, enabled or not, so a disabled module's links explain themselves. */
export function routeTable(remotes: RemoteState[]): RouteEntry[] {
  return remotes.flatMap((remote) => (remote.module?.routes ?? []).map((route) => ({ remote, route })));
}

export function canVisit(route: RemoteRouteDef, user: SessionUser | null): boolean {
  return !route.permission || can(user, route.permission.resource, route.permission.action);
}
