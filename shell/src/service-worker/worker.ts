/// <reference lib="webworker" />
// The console's service worker (docs/decisions: the service worker). Built alone into sw.js by
// the shell's production build; registered after sign-in (register.ts).
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ASK_LOADED, CACHES, kindOf, PAGE_KEY, warmPlan, type Loaded } from './routes';

declare const self: ServiceWorkerGlobalScope;

/**
 * A remote's script is requested by a <script> tag: a no-cors request, whose cross-origin answer
 * is opaque — no status to tell a 404 from a file, and counted by the browser at several MB of
 * quota each. The worker asks the remote's server in cors mode instead (every remote is served
 * with Access-Control-Allow-Origin), so only real 200 answers are kept. Credentials are never sent.
 */
const corsForRemotes: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new URL(request.url).origin !== self.location.origin && request.mode === 'no-cors'
      ? new Request(request.url, { mode: 'cors', credentials: 'omit' })
      : request,
};

/** Only whole, successful answers: never an opaque one, an error page or a partial body. */
const only200 = new CacheableResponsePlugin({ statuses: [200] });

/** Every navigation is the one page of the console, kept under one key. */
const onePage: WorkboxPlugin = {
  cacheKeyWillBeUsed: async () => new URL(PAGE_KEY, self.location.origin).href,
};

const chunks = new CacheFirst({
  cacheName: CACHES.chunks,
  plugins: [
    corsForRemotes,
    only200,
    // Old releases' chunks age out; a month's releases of six apps fit.
    new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});
/**
 * A revalidated file whose answer is the one already kept (the same ETag) is not written again:
 * rewriting it would throw away the compiled code Chromium keeps beside a cached script (main.js,
 * a remote's entry), to be compiled again on the next visit.
 */
const keepUnchanged: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    const etag = response.headers.get('etag');
    if (!etag) return response;
    const kept = await caches.match(request.url, { cacheName: CACHES.fresh });
    return kept?.headers.get('etag') === etag ? null : response;
  },
};

const fresh = new StaleWhileRevalidate({
  cacheName: CACHES.fresh,
  plugins: [
    corsForRemotes,
    only200,
    keepUnchanged,
    // A changed remotes.json (an ops toggle, a remote moved) is announced to the open pages,
    // which read the registry again: the change shows on this visit, not one later.
    new BroadcastUpdatePlugin({ headersToCheck: ['etag', 'content-length', 'last-modified'] }),
  ],
});
const page = new StaleWhileRevalidate({ cacheName: CACHES.fresh, plugins: [only200, onePage] });

registerRoute(({ request }) => kindOf(request, self.location.origin) === 'chunk', chunks);
registerRoute(({ request }) => kindOf(request, self.location.origin) === 'fresh', fresh);
registerRoute(({ request }) => kindOf(request, self.location.origin) === 'page', page);

/** What one open page has loaded, asked on a channel of its own; nothing if it does not answer in time. */
function askLoaded(client: Client): Promise<Loaded | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3000);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      const data = event.data as Partial<Loaded> | null;
      resolve(typeof data?.page === 'string' && Array.isArray(data.files) ? (data as Loaded) : null);
    };
    client.postMessage({ type: ASK_LOADED }, [channel.port2]);
  });
}

/**
 * Puts in the caches what the open pages loaded before this worker controlled them (warmPlan in
 * routes.ts). The files come from the browser's HTTP cache as the pages loaded them (`force-cache`:
 * no round trip to revalidate what a page has just used); the page itself is never kept there
 * (no-store), so it alone goes over the network. One kept already stays as it is.
 */
async function warm({ withPage }: { withPage: boolean }): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const loaded = (await Promise.all(windows.map(askLoaded))).filter((l): l is Loaded => l !== null);
  const pageKey = new URL(PAGE_KEY, self.location.origin).href;
  await Promise.all(
    warmPlan(loaded, self.location.origin)
      .filter(({ key }) => withPage || key !== pageKey)
      .map(async ({ url, key, cache: name, cors }) => {
        const cache = await caches.open(name);
        if (await cache.match(key)) return;
        const response = await fetch(
          new Request(
            url,
            cors ? { mode: 'cors', credentials: 'omit', cache: 'force-cache' } : { cache: 'force-cache' },
          ),
        );
        if (response.status === 200) await cache.put(key, response);
      })
      .map((p) => p.catch(() => undefined)),
  );
}

// A new worker takes over at once: its caches are by name and content, so pages of the previous
// release keep finding their chunks, and the page it serves next is the new release's.
// Its install keeps the files the open pages loaded (at most 15 s): Chromium compiles a script kept
// during install and keeps its code beside it, so the next visit's scripts come already compiled.
// Once it controls the pages, it keeps the page and whatever they loaded meanwhile, without holding
// their requests.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(Promise.race([warm({ withPage: false }), new Promise((resolve) => setTimeout(resolve, 15_000))]));
});
clientsClaim();
self.addEventListener('activate', (event) => {
  const keep = new Set<string>(Object.values(CACHES));
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n)))),
  );
  void warm({ withPage: true }).catch(() => undefined);
});
