import { startEarlyReads } from './early';
import { loadRegistry } from './registry';

const moduleJson = (id: string) => ({
  id,
  version: '1.2.3',
  contract: 1,
  routes: [{ path: `/admin/${id}` }],
  menu: [],
});

function mockFetch(responses: Record<string, unknown | Error>) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${url} ${init?.cache ?? ''}`);
    const body = responses[url];
    if (body instanceof Error) throw body;
    if (body === undefined) return { ok: false, status: 404, json: async () => ({}) } as Response;
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as typeof fetch;
  return calls;
}

describe('loadRegistry', () => {
  it('reads remotes.json and each module.json beside its manifest, never from a cache', async () => {
    const calls = mockFetch({
      '/remotes.json': {
        remotes: {
          admin_data: { entry: 'http://a.test/admin/1.0.0/mf-manifest.json', enabled: true },
          reports: { entry: 'http://r.test/reports/mf-manifest.json', enabled: false },
        },
      },
      'http://a.test/admin/1.0.0/module.json': moduleJson('admin_data'),
      'http://r.test/reports/module.json': moduleJson('reports'),
    });
    const remotes = await loadRegistry();
    expect(remotes.map((r) => [r.id, r.enabled, r.module?.version, r.error])).toEqual([
      ['admin_data', true, '1.2.3', null],
      ['reports', false, '1.2.3', null],
    ]);
    expect(calls.every((c) => c.endsWith('no-store'))).toBe(true);
  });

  it('marks an unreachable remote instead of failing the whole console', async () => {
    mockFetch({
      '/remotes.json': { remotes: { vot: { entry: 'http://v.test/mf-manifest.json', enabled: true } } },
      'http://v.test/module.json': new TypeError('Failed to fetch'),
    });
    const [vot] = await loadRegistry();
    expect(vot).toMatchObject({ id: 'vot', module: null, error: 'Failed to fetch' });
  });

  it('refuses a module.json built for another contract', async () => {
    mockFetch({
      '/remotes.json': { remotes: { vot: { entry: 'http://v.test/mf-manifest.json' } } },
      'http://v.test/module.json': { ...moduleJson('vot'), contract: 2 },
    });
    const [vot] = await loadRegistry();
    expect(vot!.module).toBeNull();
    expect(vot!.error).toMatch(/contract 2/);
  });

  it('fails when remotes.json itself is missing', async () => {
    mockFetch({});
    await expect(loadRegistry()).rejects.toThrow(/404/);
  });

  it('takes the reads started with the page once, so the registry waits for no render', async () => {
    const calls = mockFetch({
      '/remotes.json': { remotes: { vot: { entry: 'http://v.test/mf-manifest.json', enabled: true } } },
      'http://v.test/module.json': moduleJson('vot'),
    });
    window.history.pushState({}, '', '/admin/TB-patient-list');
    startEarlyReads();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Both reads are on their way before anything asks for the registry.
    expect(calls).toEqual(['/remotes.json no-store', 'http://v.test/module.json no-store']);
    const [vot] = await loadRegistry();
    expect(vot!.module?.version).toBe('1.2.3');
    expect(calls).toHaveLength(2);
    // A second load (a Retry) asks the network again.
    await loadRegistry();
    expect(calls).toHaveLength(4);
  });

  it('starts nothing on the sign-in page', () => {
    const calls = mockFetch({});
    window.history.pushState({}, '', '/auth/login');
    startEarlyReads();
    expect(calls).toEqual([]);
  });
});
