import { readRegistryEarly } from '../remotes/early';

/** The signed-in console's code (layout, menu, remotes' registry and loader, dashboard): fetched after the sign-in page (0017). */
export const loadAdminLayout = () => import('./AdminLayout');

/**
 * Starts what the console waits on once signed in — its code and the remotes' registry — while the
 * sign-in request is on its way (the server's password check alone takes a second or more): the
 * dashboard then waits for the later of the two instead of their sum (decision 0194). Nothing here
 * needs the session: the code and the registry are the same for everyone.
 */
export function openConsoleEarly(): void {
  loadAdminLayout().catch(() => undefined); // a failure shows, with its retry, when the console is drawn
  readRegistryEarly();
}
