import type { ComponentType, LazyExoticComponent } from 'react';
import type { Location, Navigator } from 'react-router-dom';
import type { Operation } from '../operations/operation';
import type { Permission } from '../permissions';

/**
 * The shell ⇄ remote contract (ARCHITECTURE.md §2). Bump CONTRACT_VERSION on any breaking change:
 * the shell refuses to mount a remote built for another major contract.
 */
export const CONTRACT_VERSION = 1;

/** Groups of the side menu in display order (SPEC.md §2). */
export const MENU_GROUPS = [
  'Accounts',
  'Basic Data',
  'Patients',
  'VOT Eligible',
  'VOT Status',
  'Activities',
  'Handouts',
  'Report',
  'Trash',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuItem {
  group: MenuGroup;
  label: string;
  path: string;
  icon?: string;
  permission: Permission;
  /** Key into the dstb-patient-count response, shown as a badge. */
  countKey?: string;
}

/**
 * Paths that one app links to in another (patients → Move To VOT in mfe-vot, the shell's home
 * cards → mfe-reports' dashboards and mfe-vot's queues). The owning remote's route table declares its route with this
 * path and the linking screen builds its link from it, so the path is written once, though the two
 * are built apart.
 */
export const CROSS_APP_PATHS = {
  moveToVot: '/admin/move-to-DOT/:id',
  volunteerDashboard: '/admin/volunteer-virtualization',
  patientDashboard: '/admin/patient-virtualization',
  dotStatusDashboard: '/admin/dot-status-virtualization',
  /** The missed-dose worklist and the video review queue (mfe-vot), linked from the home's counts. */
  followUps: '/admin/follow-ups',
  videoReviews: '/admin/video-reviews',
  /** A patient's detail (mfe-patients), linked from the VOT report's patients in no row. */
  patientDetail: '/admin/DSTB-patient-detail/:id',
} as const;

/**
 * The read a route's page makes first, as module.json carries it. The shell starts it as soon as it
 * knows the route, so the answer is on its way while the remote's code comes and runs, and the
 * page's own call of the same read takes it instead of asking again (decision 0192).
 */
export interface FirstRead {
  /** The declared read's path under /api/v1; its `:name` parameters are the route's. */
  path: string;
  /** Who may make it: the shell never starts a read the user may not make. */
  permission: Permission;
  /** The query the page's first call always sends (a list's category flag). */
  query?: Record<string, string>;
  /** A paged list: the URL's page (1 without one) goes with the query, as the list sends it. */
  paged?: boolean;
}

/** A route of a remote. The shell refuses it to a user without the permission (the API does too). */
export interface RemoteRouteDef {
  /** Path pattern under /admin, react-router syntax (e.g. '/admin/volunteer-detail/:id'). */
  path: string;
  permission?: Permission;
  firstRead?: FirstRead;
}

/** A route's first read as its route table names it: a declared read, and the query its page always sends. */
export interface FirstReadDecl {
  operation: Pick<Operation, 'method' | 'path' | 'permission' | 'byList' | 'paged' | 'changes'>;
  query?: Record<string, string>;
}

/** A remote's page: lazy, so its code loads only when the route is visited. */
export type RemotePage = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * One route of a remote's route table, `src/routes.ts` (Backstage's routes.ts): its path, who may
 * visit it, its page, and its menu entry if it has one. module.ts (the module.json the shell reads),
 * app.tsx (the pages) and the screens' links all read this one declaration.
 */
export interface RouteDecl {
  path: string;
  permission: Permission;
  page: RemotePage;
  menu?: Omit<MenuItem, 'path' | 'permission'>;
  /** The read its page makes first, which the shell may start before the page is drawn. */
  firstRead?: FirstReadDecl;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** module.json's form of a route's first read: only a read, and only with parameters the route has. */
function firstReadOf(route: string, permission: Permission, { operation, query }: FirstReadDecl): FirstRead {
  if (operation.method !== 'GET' || operation.changes) {
    throw new Error(`${route}: ${operation.method} ${operation.path} is not a read`);
  }
  const missing = paramNames(operation.path).filter((name) => !paramNames(route).includes(name));
  if (missing.length) throw new Error(`${route}: ${operation.path} needs ${missing.join(', ')}`);
  return {
    path: operation.path,
    // A list whose query names its resource (GET patients' categories) is allowed as its route is.
    permission: operation.byList ? permission : operation.permission,
    ...(query ? { query } : {}),
    ...(operation.paged ? { paged: true } : {}),
  };
}

/** module.json's routes and menu from a remote's route table, in the table's order. */
export function manifestOf(routes: Record<string, RouteDecl>): Pick<RemoteModule, 'routes' | 'menu'> {
  const table = Object.values(routes);
  return {
    routes: table.map(({ path, permission, firstRead }) => ({
      path,
      permission,
      ...(firstRead ? { firstRead: firstReadOf(path, permission, firstRead) } : {}),
    })),
    menu: table.flatMap(({ path, permission, menu }) => (menu ? [{ ...menu, path, permission }] : [])),
  };
}

/** module.json: emitted by each remote's build from its src/module.ts. */
export interface RemoteModule {
  id: string;
  version: string;
  contract: number;
  routes: RemoteRouteDef[];
  menu: MenuItem[];
}

export interface RemoteEntry {
  entry: string;
  enabled: boolean;
}

/** remotes.json: one per environment, served beside the shell and never cached. */
export interface RemotesConfig {
  remotes: Record<string, RemoteEntry>;
}

/** Props the shell passes to every mounted remote (single-spa parcel custom props). */
export interface RemoteProps {
  location: Location;
  navigator: Navigator;
  basename: string;
  contractVersion: number;
}

export function parseRemotesConfig(value: unknown): RemotesConfig {
  const remotes: Record<string, RemoteEntry> = {};
  const raw = (value as { remotes?: unknown })?.remotes;
  if (!raw || typeof raw !== 'object') throw new Error('remotes.json has no "remotes" object');
  for (const [id, entry] of Object.entries(raw as Record<string, unknown>)) {
    const e = entry as Partial<RemoteEntry> | null;
    if (!/^[a-z][a-z0-9_]*$/.test(id)) throw new Error(`remotes.json: invalid remote id "${id}"`);
    if (!e || typeof e.entry !== 'string') throw new Error(`remotes.json: remote "${id}" has no entry`);
    remotes[id] = { entry: e.entry, enabled: e.enabled !== false };
  }
  return { remotes };
}

export function parseRemoteModule(value: unknown, expectedId: string): RemoteModule {
  const m = value as Partial<RemoteModule> | null;
  if (!m || m.id !== expectedId) throw new Error(`module.json of "${expectedId}" names another remote`);
  if (typeof m.contract !== 'number' || m.contract !== CONTRACT_VERSION) {
    throw new Error(
      `remote "${expectedId}" was built for contract ${String(m.contract)}, the shell speaks ${CONTRACT_VERSION}`,
    );
  }
  if (!Array.isArray(m.routes) || !m.routes.every((r) => typeof r?.path === 'string' && r.path.startsWith('/admin/'))) {
    throw new Error(`module.json of "${expectedId}" has invalid routes`);
  }
  if (!Array.isArray(m.menu)) throw new Error(`module.json of "${expectedId}" has no menu`);
  return { id: m.id, version: String(m.version ?? '0.0.0'), contract: m.contract, routes: m.routes, menu: m.menu };
}

/** The URL of module.json: beside the remote's mf-manifest.json. */
export function moduleJsonUrl(entry: string): string {
  return new URL('module.json', new URL(entry, globalThis.location?.href ?? 'http://localhost/')).href;
}
