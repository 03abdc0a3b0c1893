/// <reference lib="webworker" />
// The console's service worker (docs/decisions: the service worker). Built alone into sw.js by
// the shell's production build; registered after sign-in (register.ts).
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHES, kindOf, PAGE_KEY } from './routes';

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
const fresh = new StaleWhileRevalidate({
  cacheName: CACHES.fresh,
  plugins: [
    corsForRemotes,
    only200,
    // A changed remotes.json (an ops toggle, a remote moved) is announced to the open pages,
    // which read the registry again: the change shows on this visit, not one later.
    new BroadcastUpdatePlugin({ headersToCheck: ['etag', 'content-length', 'last-modified'] }),
  ],
});
const page = new StaleWhileRevalidate({ cacheName: CACHES.fresh, plugins: [only200, onePage] });

registerRoute(({ request }) => kindOf(request, self.location.origin) === 'chunk', chunks);
registerRoute(({ request }) => kindOf(request, self.location.origin) === 'fresh', fresh);
registerRoute(({ request }) => kindOf(request, self.location.origin) === 'page', page);

// A new worker takes over at once: its caches are by name and content, so pages of the previous
// release keep finding their chunks, and the page it serves next is the new release's.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
self.addEventListener('activate', (event) => {
  const keep = new Set<string>(Object.values(CACHES));
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n)))),
  );
});
