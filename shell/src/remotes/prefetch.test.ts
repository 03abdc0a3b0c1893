import { filesOf, prefetchRemote } from './prefetch';
import type { RemoteState } from './registry';

const manifest = {
  exposes: [{ assets: { js: { sync: ['app.1.js'], async: ['list.2.js', 'exceljs.3.js'] } } }],
  shared: [
    { name: 'react', assets: { js: { sync: ['react.4.js'], async: [] } } },
    { name: '@vot/shared/session', assets: { js: { sync: ['session.5.js'], async: [] } } },
    { name: '@vot/shared/lists', assets: { js: { sync: ['lists.6.js'], async: [] } } },
    { name: 'primereact/datatable', assets: { js: { sync: ['primereact-more.7.js'], async: [] } } },
    { name: 'primereact/paginator', assets: { js: { sync: ['primereact-more.7.js'], async: [] } } },
    // The remote's own copy of a part of PrimeReact's core: the shell provides it.
    { name: 'primereact/button', assets: { js: { sync: ['8915.8.js'], async: [] } } },
  ],
};
const patients: RemoteState = {
  id: 'patients',
  entry: 'https://cdn.example/patients/mf-manifest.json',
  enabled: true,
  module: { id: 'patients', version: '1.0.0', contractVersion: 1, routes: [], menu: [] } as never,
  error: null,
};
const SIZES: Record<string, number> = {
  'remoteEntry.js': 30_000,
  'app.1.js': 1_000,
  'list.2.js': 20_000,
  'exceljs.3.js': 250_000,
  'lists.6.js': 10_000,
  'primereact-more.7.js': 60_000,
};

function serve() {
  const got: string[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const file = url.slice(url.lastIndexOf('/') + 1);
    if (init?.method !== 'HEAD' && file !== 'mf-manifest.json') got.push(file);
    // jsdom has no Response: what prefetchRemote reads of one.
    return {
      ok: true,
      json: async () => manifest,
      arrayBuffer: async () => new ArrayBuffer(0),
      headers: { get: (name: string) => (name === 'content-length' ? String(SIZES[file]) : null) },
    };
  }) as unknown as typeof fetch;
  return got;
}

afterEach(() => jest.restoreAllMocks());

it('names the entry, the exposed app and its chunks, and the remote’s own kit and PrimeReact parts beyond the shell’s, once each', () => {
  expect(filesOf(manifest)).toEqual([
    'remoteEntry.js',
    'app.1.js',
    'list.2.js',
    'exceljs.3.js',
    'lists.6.js',
    'primereact-more.7.js',
  ]);
});

it('fetches in order what the budget holds, and skips a file that would pass it', async () => {
  const got = serve();
  await expect(prefetchRemote(patients, 128 * 1024)).resolves.toBe(121_000);
  expect(got).toEqual(['remoteEntry.js', 'app.1.js', 'list.2.js', 'lists.6.js', 'primereact-more.7.js']);
});

it('fetches nothing on a connection that saves data', async () => {
  const got = serve();
  Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  try {
    await expect(prefetchRemote(patients)).resolves.toBe(0);
    expect(global.fetch).not.toHaveBeenCalled();
    expect(got).toEqual([]);
  } finally {
    delete (navigator as { connection?: unknown }).connection;
  }
});
