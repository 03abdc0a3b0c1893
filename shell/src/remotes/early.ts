/**
 * The reads a returning user's page waits on before it can mount a remote — remotes.json, then
 * every module.json — started as the page starts, before React, the federation runtime and the
 * session check. On the next morning the service worker answers them at once, so the registry is
 * ready when the layout first renders instead of a render later (decision 0169).
 *
 * Plain fetch and URL only: nothing Module Federation shares may load before the async boundary
 * (index.ts), so the module.json address is worked out here as `moduleJsonUrl` does.
 */
const TIMEOUT_MS = 10_000;
const started = new Map<string, Promise<unknown>>();

function read(url: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const answer = fetch(url, { cache: 'no-store', signal: controller.signal })
    .then((res) => {
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json() as Promise<unknown>;
    })
    .finally(() => clearTimeout(timer));
  answer.catch(() => undefined); // whoever takes it sees the failure; unread, it costs nothing
  started.set(url, answer);
  return answer;
}

/** Paths the service worker said it found changed (workbox-broadcast-update) before anyone listened. */
const changed = new Set<string>();
/** Paths someone now listens for: their news goes to the listener, not here. */
const heard = new Set<string>();

/**
 * On a console page (/admin/…), starts reading remotes.json and the module.json files it names,
 * and keeps the worker's word that a file it answered with has changed: the registry read early
 * may be that stale copy, and the layout that would hear the message is not drawn yet.
 */
export function startEarlyReads(configUrl = '/remotes.json'): void {
  if (!location.pathname.startsWith('/admin/')) return;
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; payload?: { updatedURL?: unknown } } | null;
    if (data?.type === 'CACHE_UPDATED' && typeof data.payload?.updatedURL === 'string') {
      const path = new URL(data.payload.updatedURL, location.href).pathname;
      if (!heard.has(path)) changed.add(path);
    }
  });
  readRegistryEarly(configUrl);
}

/**
 * Starts reading remotes.json and the module.json files it names, for the registry's first load to
 * take: as a console page starts, or as the user signs in (layout/load.ts, decision 0194).
 */
export function readRegistryEarly(configUrl = '/remotes.json'): void {
  read(configUrl).then(
    (config) => {
      const remotes = (config as { remotes?: Record<string, { entry?: unknown }> }).remotes ?? {};
      for (const { entry } of Object.values(remotes)) {
        if (typeof entry === 'string') read(new URL('module.json', new URL(entry, location.href)).href);
      }
    },
    () => undefined,
  );
}

/** The early read of this address, once: a later read (a Retry, a release check) asks again. */
export function takeEarly(url: string): Promise<unknown> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}

/** Whether the worker announced a change of `path` before the page listened; the news is taken once. */
export function takeEarlyChange(path: string): boolean {
  heard.add(path);
  return changed.delete(path);
}
