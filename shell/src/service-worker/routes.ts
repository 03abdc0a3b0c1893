/**
 * What the console's service worker does with a request, decided from the request alone (no
 * cache, no network), so it is tested in jest like any rule. One table for every origin: the shell
 * and each remote (served from their own origins) name their files the same way.
 *
 * - `chunk`: a content-hashed file (`name.0123abcd.js`, as serve.mjs recognises them). Its name
 *   changes with its content, so the copy in the cache is always right: cache first.
 * - `fresh`: a file whose name stays while its content changes with a release — the page, the
 *   shell's entry, remotes.json, a remote's mf-manifest.json, module.json and remoteEntry.js.
 *   Served from the cache at once and revalidated behind it, so a new release (a redeployed
 *   remote, an ops toggle) is taken on the next load.
 * - `page`: a navigation inside the console. Every path is the same single page, so one cache
 *   entry serves them all.
 * - null: not handled — the browser fetches it as if there were no worker. The API always is:
 *   its answers carry users' data and `no-store`, and a cached answer could outlive a sign-out.
 */
export type RequestKind = 'chunk' | 'fresh' | 'page' | null;

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Files whose names never change: the release they belong to is read from them. */
const REMOTE_FILES = new Set(['mf-manifest.json', 'module.json', 'remoteEntry.js']);
const SHELL_FILES = new Set(['/main.js', '/remotes.json']);

/** The key every navigation is cached under: the shell's single page. */
export const PAGE_KEY = '/';

export function kindOf(request: RequestFacts, ownOrigin: string): RequestKind {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const own = url.origin === ownOrigin;
  if (own && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return null;
  // A query string names something else than the file (an upload's link, a signed URL).
  if (url.search) return null;
  if (request.mode === 'navigate') return own ? 'page' : null;
  if (HASHED.test(url.pathname)) return 'chunk';
  if (own && SHELL_FILES.has(url.pathname)) return 'fresh';
  return REMOTE_FILES.has(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)) ? 'fresh' : null;
}

/** The two caches the worker keeps; anything else found at activation is an older scheme's and goes. */
export const CACHES = { chunks: 'vot-chunks-v1', fresh: 'vot-fresh-v1' } as const;

/** What a new worker asks each open page as it installs: the files the page has loaded (answered on the port it sends). */
export const ASK_LOADED = 'vot-loaded-files';

/** A page's answer: its own address and every file it has fetched (Resource Timing's names). */
export interface Loaded {
  page: string;
  files: string[];
}

/** One answer a new worker puts in a cache: fetched from `url` (in cors mode for another origin), kept under `key`. */
export interface Warm {
  url: string;
  key: string;
  cache: string;
  cors: boolean;
}

/**
 * What a new worker puts in its caches as it installs: the console's files the open pages already
 * loaded before any worker controlled them (a first visit's page, start-up chunks and console),
 * decided by the same table as a request. They come from the browser's HTTP cache, so nothing is
 * downloaded twice, and a script kept during install has its compiled code kept beside it
 * (Chromium's code cache for Cache Storage), so the next visit neither waits for the link nor
 * compiles it again. The API and anything with a query string stay out, as they do at run time.
 */
export function warmPlan(loaded: Loaded[], ownOrigin: string): Warm[] {
  const plan = new Map<string, Warm>();
  for (const { page, files } of loaded) {
    if (kindOf({ url: page, method: 'GET', mode: 'navigate' }, ownOrigin) === 'page') {
      const key = new URL(PAGE_KEY, ownOrigin).href;
      plan.set(key, { url: page, key, cache: CACHES.fresh, cors: false });
    }
    for (const url of files) {
      let kind: RequestKind;
      try {
        kind = kindOf({ url, method: 'GET', mode: 'no-cors' }, ownOrigin);
      } catch {
        continue; // not a URL
      }
      if (kind !== 'chunk' && kind !== 'fresh') continue;
      const cache = kind === 'chunk' ? CACHES.chunks : CACHES.fresh;
      plan.set(url, { url, key: url, cache, cors: new URL(url).origin !== ownOrigin });
    }
  }
  return [...plan.values()];
}
