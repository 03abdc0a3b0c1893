import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig, type AxiosInstance } from 'axios';
import { getDefaultStore } from 'jotai';
import { noticesAtom, signIn, signOut, tokenAtom, userAtom } from '../session';
import { aUser } from '../testing';
import { api, loadHttp } from './client';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: AxiosInstance;
beforeAll(async () => {
  http = await loadHttp();
});

const seen: InternalAxiosRequestConfig[] = [];
function answer(status: number, data: unknown) {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { status, data, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
}

const store = getDefaultStore();
beforeEach(() => {
  seen.length = 0;
  store.set(noticesAtom, []);
  localStorage.clear();
});

it('sends the bearer token and the spec base path', async () => {
  signIn('tok-123');
  answer(200, { data: [], status: 'success', total: 0 });
  await api.get('regions', { params: { page: 2 } });
  expect(seen[0]!.baseURL).toBe('/api/v1');
  expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
  expect(seen[0]!.params).toEqual({ page: 2 });
  expect(localStorage.getItem('vot-console-2026-token')).toBe('tok-123');
});

it('updates as POST with ?_method=PUT', async () => {
  answer(200, { data: {}, status: 'success' });
  await api.update('regions/4', { name: 'Bago' });
  expect(seen[0]!.method).toBe('post');
  expect(seen[0]!.url).toBe('regions/4');
  expect(seen[0]!.params).toEqual({ _method: 'PUT' });
});

it('a 401 signs out and shows the server message', async () => {
  signIn('tok-1', aUser('Admin'));
  answer(401, { message: 'Your session has expired. Please sign in again.' });
  await expect(api.get('regions')).rejects.toMatchObject({ status: 401 });
  expect(store.get(tokenAtom)).toBeNull();
  expect(store.get(userAtom)).toBeNull();
  expect(localStorage.getItem('vot-console-2026-token')).toBeNull();
  expect(store.get(noticesAtom).map((n) => n.text)).toEqual(['Your session has expired. Please sign in again.']);
});

it('a quiet call leaves the notice to its caller', async () => {
  answer(400, { message: 'invalid', errors: { name: ['Region Name is required!'] } });
  await expect(api.post('regions', {}, { quiet: true })).rejects.toMatchObject({ message: 'Region Name is required!' });
  expect(store.get(noticesAtom)).toEqual([]);
});

it('uploads a form as POST without a timeout, with ?_method=PUT for a replacement', async () => {
  answer(200, { data: {}, status: 'success' });
  const form = new FormData();
  form.append('file', new File(['%PDF-1.4'], 'leaflet.pdf', { type: 'application/pdf' }));
  await api.upload('volunteer-handouts/3', form, { update: true, onProgress: () => {} });
  expect(seen[0]!.method).toBe('post');
  expect(seen[0]!.data).toBe(form);
  expect(seen[0]!.timeout).toBe(0);
  expect(seen[0]!.params).toEqual({ _method: 'PUT' });
  expect(typeof seen[0]!.onUploadProgress).toBe('function');
});

it('a read that finds the browser offline waits for the link and is asked again, without a notice', async () => {
  let online = false;
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  let calls = 0;
  http.defaults.adapter = async (config) => {
    calls += 1;
    if (!online) throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    return { status: 200, data: { data: [], status: 'success', total: 0 }, statusText: '', headers: {}, config };
  };
  try {
    const answer = api.get('regions');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(answer).resolves.toMatchObject({ total: 0 });
    expect(calls).toBe(2);
    expect(store.get(noticesAtom)).toEqual([]);
  } finally {
    onLine.mockRestore();
  }
});

it('a change that finds the browser offline fails at once: it is never sent twice on its own', async () => {
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  http.defaults.adapter = async (config) => {
    throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
  };
  try {
    await expect(api.post('regions', { name: 'Bago' })).rejects.toMatchObject({ status: 0 });
  } finally {
    onLine.mockRestore();
  }
});

it('keeps the signed-in profile beside the token, and a sign-out forgets both', () => {
  signIn('tok-9', aUser('Field Officer'));
  expect(JSON.parse(localStorage.getItem('vot-console-2026-token-user')!)).toMatchObject({ role: 'Field Officer' });
  signIn('tok-9', null);
  expect(localStorage.getItem('vot-console-2026-token-user')).toBeNull();
  signIn('tok-9', aUser('Field Officer'));
  signOut();
  expect(localStorage.getItem('vot-console-2026-token')).toBeNull();
  expect(localStorage.getItem('vot-console-2026-token-user')).toBeNull();
});
