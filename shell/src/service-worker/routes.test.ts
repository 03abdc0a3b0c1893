import { kindOf } from './routes';

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
