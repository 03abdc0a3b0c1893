import { matchPath } from 'react-router-dom';
import { callEarly } from '@vot/shared/api';
import type { RemoteRouteDef } from '@vot/shared/contract';
import type { Operation } from '@vot/shared/operations';
import { can } from '@vot/shared/permissions';
import type { SessionUser } from '@vot/shared/session';

/** The page a URL asks for, as the kit's lists read it (`pageIn` of @vot/shared/lists). */
function pageOf(search: URLSearchParams): number {
  const raw = Number(search.get('page'));
  return Number.isInteger(raw) && raw > 0 ? raw : 1;
}

/** A record's id in a path, as the kit's pages take it; anything else the page refuses without asking. */
const isId = (value: string | undefined) => value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0;

/**
 * Starts the read a route's page makes first (module.json's `firstRead`) as soon as the shell knows
 * the route, while the remote's code is still coming and running: the page's own call of the same
 * read takes the answer (`callEarly`, decision 0192). Never a read the user may not make, and never
 * when the URL carries more than a page: its filters are the page's to apply, and a read without
 * them would be asked for nothing. Says whether it started one.
 */
export function startFirstRead(
  route: RemoteRouteDef,
  location: { pathname: string; search: string },
  user: SessionUser | null,
): boolean {
  const read = route.firstRead;
  if (!user || !read || typeof read.path !== 'string' || !read.permission) return false;
  if (!can(user, read.permission.resource, read.permission.action)) return false;
  const search = new URLSearchParams(location.search);
  if ([...search.keys()].some((name) => name !== 'page')) return false;
  const params = matchPath(route.path, location.pathname)?.params;
  if (!params || !Object.values(params).every(isId)) return false;
  const op = { method: 'GET', path: read.path, permission: read.permission } as Operation;
  const query = { ...read.query, ...(read.paged ? { page: pageOf(search) } : {}) };
  try {
    callEarly(op, { params, query } as never);
    return true;
  } catch {
    return false; // a parameter the route does not have: module.json is not what manifestOf makes
  }
}
