import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosStatic } from 'axios';
import { getToken, notify, signOut } from '@vot/shared/session';
import { dataChanged } from './changes';
import { isOffline, whenOnline } from './connection';
import { ApiError, toApiError } from './errors';

/** The envelopes of SPEC.md §7, declared with the operations that answer them. */
export type { ItemResponse, ListResponse, MessageResponse } from '../operations/operation';

/** All calls go to our API under /api/v1 on the page's own origin (the shell's server forwards them). */
export const API_BASE = '/api/v1';

let loading: Promise<{ axios: AxiosStatic; http: AxiosInstance }> | undefined;

/**
 * axios and the client's instance of it, fetched by the first call, or before it by `loadHttp`: the
 * sign-in page is drawn without them and fetches them as the user starts to sign in (decision 0193).
 */
function loadAxios() {
  loading ??= import('axios').then(({ default: axios }) => {
    const http = axios.create({ baseURL: API_BASE, timeout: 30_000 });
    http.interceptors.request.use((config) => {
      const token = getToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    return { axios, http };
  });
  // A download the link dropped is tried again by the next call.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The client's axios instance (fetched if it has not come yet): a test answers for the server through its adapter. */
export const loadHttp = (): Promise<AxiosInstance> => loadAxios().then(({ http }) => http);

export interface CallOptions {
  /** Do not raise a notice: the caller shows the error itself. */
  quiet?: boolean;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** A GET that changes data (SPEC.md §7: GET patients-delete/{id}, the no-app ticks): told as a POST's or a DELETE's success is. */
  changes?: boolean;
}

async function call<T>(config: AxiosRequestConfig, options: CallOptions = {}): Promise<T> {
  let axios: AxiosStatic | undefined;
  try {
    const client = await loadAxios();
    axios = client.axios;
    const res = await client.http.request<T>({ ...config, params: options.params, signal: options.signal });
    if (config.method !== 'GET' || options.changes) dataChanged();
    return res.data;
  } catch (e) {
    if (axios?.isCancel(e)) throw e;
    // No answer because the browser has no link (or axios itself could not be fetched): a read
    // waits for it to return and is asked again, so a screen loads late instead of failing (the
    // shell says the link is down meanwhile). A change is never sent twice on its own: the user
    // sees it failed and decides.
    if (!(e as AxiosError).response && config.method === 'GET' && !options.changes && isOffline()) {
      await whenOnline(options.signal);
      return call<T>(config, options);
    }
    const error = toApiError(e as AxiosError<{ message?: unknown; errors?: unknown }>);
    // A 401 while signed in ends the session whoever called: the user must learn why they are
    // back on the sign-in page, so its message is shown even for quiet calls (SPEC.md §8).
    if (error.status === 401 && getToken()) {
      signOut();
      notify('error', error.message);
    } else if (!options.quiet) notify('error', error.message);
    throw error;
  }
}

/** A multipart upload (a handout PDF). */
export interface UploadOptions extends CallOptions {
  /** POST with ?_method=PUT, as `api.update`: the upload replaces a record's file. */
  update?: boolean;
  /** Told the fraction sent (0 to 1) as the file goes up, so a slow link shows it moving. */
  onProgress?: (fraction: number) => void;
}

export const api = {
  get: <T>(path: string, options?: CallOptions) => call<T>({ method: 'GET', url: path }, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    call<T>({ method: 'POST', url: path, data: body }, options),
  /** Updates are POST with ?_method=PUT (SPEC.md §7). */
  update: <T>(path: string, body?: unknown, options?: CallOptions) =>
    call<T>({ method: 'POST', url: path, data: body }, { ...options, params: { ...options?.params, _method: 'PUT' } }),
  delete: <T>(path: string, options?: CallOptions) => call<T>({ method: 'DELETE', url: path }, options),
  /**
   * POSTs a form with a file. No timeout: 10 MB over a township office's link can take minutes;
   * the caller can still cancel with `signal`.
   */
  upload: <T>(path: string, form: FormData, { update, onProgress, ...options }: UploadOptions = {}) =>
    call<T>(
      {
        method: 'POST',
        url: path,
        data: form,
        timeout: 0,
        onUploadProgress: onProgress && ((e) => e.total && onProgress(e.loaded / e.total)),
      },
      update ? { ...options, params: { ...options.params, _method: 'PUT' } } : options,
    ),
};

export { ApiError };
