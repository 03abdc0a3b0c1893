import { takeEarlyChange } from '../remotes/early';
import { ASK_LOADED, type Loaded } from './routes';

/**
 * Registers the console's service worker (worker.ts, built as /sw.js) in production builds only:
 * jest and the development server never see one. Called once the user is signed in, so the
 * sign-in page of a first visit spends its bytes on its form alone.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  answerLoadedFiles(navigator.serviceWorker);
  navigator.serviceWorker.register('/sw.js').catch((e: unknown) => {
    // Without it the console works as before, from the browser's HTTP cache.
    console.warn('[shell] the service worker could not be registered:', e);
  });
}

/** This page's address and every file it has fetched, as a new worker asks for them (worker.ts `warm`). */
export function loadedFiles(): Loaded {
  return {
    page: location.href,
    files: performance.getEntriesByType('resource').map((entry) => entry.name),
  };
}

/** Answers a new worker's question of what this page has loaded, on the port the worker sent. */
export function answerLoadedFiles(container: Pick<ServiceWorkerContainer, 'addEventListener'>): void {
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === ASK_LOADED) event.ports[0]?.postMessage(loadedFiles());
  });
}

/** The worker's word that a file it serves has changed: workbox-broadcast-update's message. */
interface CacheUpdated {
  meta: 'workbox-broadcast-update';
  type: 'CACHE_UPDATED';
  payload: { updatedURL: string };
}

function isCacheUpdated(data: unknown): data is CacheUpdated {
  const d = data as Partial<CacheUpdated> | null;
  return (
    d?.meta === 'workbox-broadcast-update' && d.type === 'CACHE_UPDATED' && typeof d.payload?.updatedURL === 'string'
  );
}

/** Calls `onChange` when the worker finds a newer copy of the file at `path` (this origin) than the one it served. */
export function onServedFileChange(path: string, onChange: () => void): () => void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return () => undefined;
  const listener = (event: MessageEvent) => {
    if (isCacheUpdated(event.data) && new URL(event.data.payload.updatedURL).pathname === path) onChange();
  };
  container.addEventListener('message', listener);
  // A change announced while the page was starting (remotes/early.ts) is news to this listener too.
  if (takeEarlyChange(path)) queueMicrotask(onChange);
  return () => container.removeEventListener('message', listener);
}
