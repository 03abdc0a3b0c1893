import { CONTRACT_VERSION, manifestOf, parseRemoteModule, parseRemotesConfig } from './index';

describe('remotes.json', () => {
  it('reads entries, enabled by default', () => {
    expect(
      parseRemotesConfig({
        remotes: { vot: { entry: 'http://x/mf-manifest.json' }, reports: { entry: 'http://y', enabled: false } },
      }),
    ).toEqual({
      remotes: {
        vot: { entry: 'http://x/mf-manifest.json', enabled: true },
        reports: { entry: 'http://y', enabled: false },
      },
    });
  });
  it('refuses a file without remotes, a bad id or a missing entry', () => {
    expect(() => parseRemotesConfig({})).toThrow('no "remotes" object');
    expect(() => parseRemotesConfig({ remotes: { 'Bad-Id': { entry: 'x' } } })).toThrow('invalid remote id');
    expect(() => parseRemotesConfig({ remotes: { vot: {} } })).toThrow('has no entry');
  });
});

describe('module.json', () => {
  const good = {
    id: 'vot',
    version: '1.2.3',
    contract: CONTRACT_VERSION,
    routes: [{ path: '/admin/dot-list/:id' }],
    menu: [],
  };
  it('accepts a module built for this contract', () => {
    expect(parseRemoteModule(good, 'vot')).toEqual(good);
  });
  it('refuses another remote, another contract or routes outside /admin', () => {
    expect(() => parseRemoteModule(good, 'reports')).toThrow('names another remote');
    expect(() => parseRemoteModule({ ...good, contract: 99 }, 'vot')).toThrow('built for contract 99');
    expect(() => parseRemoteModule({ ...good, routes: [{ path: '/elsewhere' }] }, 'vot')).toThrow('invalid routes');
  });
});

describe('manifestOf', () => {
  it("derives module.json's routes and menu from a remote's route table, in its order", () => {
    const page = () => null;
    const manifest = manifestOf({
      list: {
        path: '/admin/volunteer-list',
        permission: { resource: 'volunteers', action: 'read' },
        page,
        menu: { group: 'Basic Data', label: 'Volunteer List', icon: 'pi pi-id-card' },
      },
      detail: { path: '/admin/volunteer-detail/:id', permission: { resource: 'volunteers', action: 'read' }, page },
      trash: {
        path: '/admin/volunteer-trash-list',
        permission: { resource: 'trash', action: 'read' },
        page,
        menu: { group: 'Trash', label: 'Volunteer Trash' },
      },
    });
    expect(manifest.routes).toEqual([
      { path: '/admin/volunteer-list', permission: { resource: 'volunteers', action: 'read' } },
      { path: '/admin/volunteer-detail/:id', permission: { resource: 'volunteers', action: 'read' } },
      { path: '/admin/volunteer-trash-list', permission: { resource: 'trash', action: 'read' } },
    ]);
    expect(manifest.menu).toEqual([
      {
        group: 'Basic Data',
        label: 'Volunteer List',
        icon: 'pi pi-id-card',
        path: '/admin/volunteer-list',
        permission: { resource: 'volunteers', action: 'read' },
      },
      {
        group: 'Trash',
        label: 'Volunteer Trash',
        path: '/admin/volunteer-trash-list',
        permission: { resource: 'trash', action: 'read' },
      },
    ]);
  });
});
