import { CACHES, kindOf, warmPlan } from './routes';

const SHELL = 'https://console.example';
const get = (url: string, mode = 'no-cors') => kindOf({ url, method: 'GET', mode }, SHELL);

it('never handles the API: its answers are users’ data', () => {
  expect(get(`${SHELL}/api/v1/user`, 'cors')).toBeNull();
  expect(get(`${SHELL}/api/v1/dstb-patient-list`, 'cors')).toBeNull();
  expect(get(`${SHELL}/api/v1/handouts/3/file.0123abcd.pdf`)).toBeNull();
  expect(get(`${SHELL}/api`, 'navigate')).toBeNull();
  expect(kindOf({ url: `${SHELL}/main.js`, method: 'POST', mode: 'cors' }, SHELL)).toBeNull();
});

it('takes content-hashed files from the cache first, from the shell and from any remote', () => {
  expect(get(`${SHELL}/framework.b22b21ac.js`)).toBe('chunk');
  expect(get(`${SHELL}/8043.4f914c22.css`)).toBe('chunk');
  expect(get('https://cdn.example/patients/1.4.2/456.363cdfc0.js')).toBe('chunk');
});

it('serves the page, the entries, remotes.json and the manifests at once and revalidates them', () => {
  expect(get(`${SHELL}/admin/TB-patient-list`, 'navigate')).toBe('page');
  expect(get(`${SHELL}/auth/login`, 'navigate')).toBe('page');
  expect(get(`${SHELL}/main.js`)).toBe('fresh');
  expect(get(`${SHELL}/remotes.json`, 'cors')).toBe('fresh');
  expect(get('https://cdn.example/patients/1.4.2/mf-manifest.json', 'cors')).toBe('fresh');
  expect(get('https://cdn.example/patients/1.4.2/module.json', 'cors')).toBe('fresh');
  expect(get('https://cdn.example/patients/1.4.2/remoteEntry.js')).toBe('fresh');
});

it('leaves everything else to the browser', () => {
  expect(get('https://elsewhere.example/', 'navigate')).toBeNull();
  expect(get(`${SHELL}/remotes.json?x=1`, 'cors')).toBeNull();
  expect(get(`${SHELL}/sw.js`)).toBeNull();
  expect(get('https://cdn.example/patients/index.html')).toBeNull();
});

describe('warmPlan', () => {
  const files = [
    `${SHELL}/main.js`,
    `${SHELL}/framework.b22b21ac.js`,
    `${SHELL}/4950.7b2ad5b8.css`,
    `${SHELL}/assets/inter-latin-wght-normal.4f2981d8.woff2`,
    `${SHELL}/remotes.json`,
    `${SHELL}/api/v1/user`,
    `${SHELL}/api/v1/patients?TB_patient=true&page=1`,
    'https://cdn.example/patients/mf-manifest.json',
    'https://cdn.example/patients/remoteEntry.js',
    'https://cdn.example/patients/456.363cdfc0.js',
    'https://cdn.example/patients/456.363cdfc0.js',
    'https://other.example/uploads/x.pdf?sig=1',
    'not a url',
  ];

  it('keeps what a page loaded as a request would be kept: hashed files first, the rest revalidated, the API never', () => {
    const plan = warmPlan([{ page: `${SHELL}/admin/dashboard`, files }], SHELL);
    expect(plan).toEqual([
      { url: `${SHELL}/admin/dashboard`, key: `${SHELL}/`, cache: CACHES.fresh, cors: false },
      { url: `${SHELL}/main.js`, key: `${SHELL}/main.js`, cache: CACHES.fresh, cors: false },
      {
        url: `${SHELL}/framework.b22b21ac.js`,
        key: `${SHELL}/framework.b22b21ac.js`,
        cache: CACHES.chunks,
        cors: false,
      },
      { url: `${SHELL}/4950.7b2ad5b8.css`, key: `${SHELL}/4950.7b2ad5b8.css`, cache: CACHES.chunks, cors: false },
      {
        url: `${SHELL}/assets/inter-latin-wght-normal.4f2981d8.woff2`,
        key: `${SHELL}/assets/inter-latin-wght-normal.4f2981d8.woff2`,
        cache: CACHES.chunks,
        cors: false,
      },
      { url: `${SHELL}/remotes.json`, key: `${SHELL}/remotes.json`, cache: CACHES.fresh, cors: false },
      {
        url: 'https://cdn.example/patients/mf-manifest.json',
        key: 'https://cdn.example/patients/mf-manifest.json',
        cache: CACHES.fresh,
        cors: true,
      },
      {
        url: 'https://cdn.example/patients/remoteEntry.js',
        key: 'https://cdn.example/patients/remoteEntry.js',
        cache: CACHES.fresh,
        cors: true,
      },
      {
        url: 'https://cdn.example/patients/456.363cdfc0.js',
        key: 'https://cdn.example/patients/456.363cdfc0.js',
        cache: CACHES.chunks,
        cors: true,
      },
    ]);
  });

  it('keeps no page from another origin, and one page for several', () => {
    expect(warmPlan([{ page: 'https://other.example/admin/x', files: [] }], SHELL)).toEqual([]);
    const twoPages = warmPlan(
      [
        { page: `${SHELL}/admin/dashboard`, files: [] },
        { page: `${SHELL}/admin/TB-patient-list`, files: [] },
      ],
      SHELL,
    );
    expect(twoPages).toHaveLength(1);
  });
});
