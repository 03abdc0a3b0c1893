import type { RemoteModule } from '@vot/shared/contract';
import type { Role } from '@vot/shared/domain';
import { aUser } from '@vot/shared/testing';
import { buildMenu, canVisit, routeTable } from './menu';
import type { RemoteState } from './registry';

const user = (role: Role) => aUser(role);

const adminData: RemoteModule = {
  id: 'admin_data',
  version: '1.0.0',
  contract: 1,
  routes: [
    { path: '/admin/region-list', permission: { resource: 'regions', action: 'read' } },
    { path: '/admin/account-list', permission: { resource: 'accounts', action: 'read' } },
  ],
  menu: [
    {
      group: 'Basic Data',
      label: 'Region List',
      path: '/admin/region-list',
      permission: { resource: 'regions', action: 'read' },
    },
    {
      group: 'Accounts',
      label: 'Account List',
      path: '/admin/account-list',
      permission: { resource: 'accounts', action: 'read' },
    },
  ],
};
const reports: RemoteModule = {
  id: 'reports',
  version: '1.0.0',
  contract: 1,
  routes: [{ path: '/admin/VOT-Report', permission: { resource: 'reports', action: 'read' } }],
  menu: [
    {
      group: 'Report',
      label: 'VOT Report',
      path: '/admin/VOT-Report',
      permission: { resource: 'reports', action: 'read' },
    },
  ],
};
const state = (module: RemoteModule, enabled = true): RemoteState => ({
  id: module.id,
  entry: `http://x/${module.id}/mf-manifest.json`,
  enabled,
  module,
  error: null,
});

describe('buildMenu', () => {
  it('orders groups as the spec does and keeps only what the role may read', () => {
    const menu = buildMenu([state(reports), state(adminData)], user('MEAL and Digital Tool Officer'));
    expect(menu.map((s) => s.group)).toEqual(['Accounts', 'Basic Data', 'Report']);
  });

  it('hides accounts and geography from a Field Officer, who reads the VOT Report of their townships', () => {
    const menu = buildMenu([state(adminData), state(reports)], user('Field Officer'));
    expect(menu.flatMap((s) => s.items.map((i) => i.label))).toEqual(['VOT Report']);
  });

  it('drops the items of a disabled or unreachable remote', () => {
    const unreachable: RemoteState = { ...state(reports), module: null, error: 'down' };
    const menu = buildMenu([state(adminData, false), unreachable], user('MEAL Associate'));
    expect(menu).toEqual([]);
  });

  it('shows nothing to nobody', () => {
    expect(buildMenu([state(adminData)], null)).toEqual([]);
  });
});

describe('routeTable and canVisit', () => {
  it('keeps the routes of disabled remotes so their deep links can explain themselves', () => {
    const routes = routeTable([state(adminData, false), state(reports)]);
    expect(routes.map((r) => [r.remote.id, r.route.path])).toEqual([
      ['admin_data', '/admin/region-list'],
      ['admin_data', '/admin/account-list'],
      ['reports', '/admin/VOT-Report'],
    ]);
  });

  it('refuses a route to a role without its permission', () => {
    const [accounts] = routeTable([state(adminData)]).filter((r) => r.route.path === '/admin/account-list');
    expect(canVisit(accounts!.route, user('Admin'))).toBe(true);
    expect(canVisit(accounts!.route, user('Data Assistant'))).toBe(false);
    expect(canVisit({ path: '/admin/anything' }, user('Data Assistant'))).toBe(true);
  });
});
