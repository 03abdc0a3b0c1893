import type { Role } from '@vot/shared/domain';
import type { RemoteState } from './registry';

/**
 * The remote a role opens first after the dashboard, fetched while the dashboard is idle so that
 * the first list of the morning needs the link only for its data. Only roles whose morning is
 * known: a Field Officer's starts at the patient lists.
 */
export const OPENED_MOST: Partial<Record<Role, string>> = { 'Field Officer': 'patients' };

/** What an idle dashboard may spend on it, over the wire: about 3 s of a township's 700 kbit/s link. */
export const PREFETCH_BUDGET_BYTES = 256 * 1024;

interface ManifestAssets {
  js: { sync: string[]; async: string[] };
}
interface Manifest {
  exposes?: { assets?: ManifestAssets }[];
  shared?: { name: string; assets?: ManifestAssets }[];
}

/**
 * The files a visit to the remote fetches from its origin, in the order it needs them: its entry,
 * its exposed app and the chunks behind it, its own copies of the stateless kit, and the chunks of
 * PrimeReact's parts beyond the shell's core (shared/build: primereact-more, primereact-icons). Not
 * the singletons the shell already holds, nor the remote's copies of PrimeReact's core.
 */
export function filesOf(manifest: Manifest): string[] {
  const js = (a?: ManifestAssets) => [...(a?.js.sync ?? []), ...(a?.js.async ?? [])];
  const kit = (name: string) => name.startsWith('@vot/shared/') && !/^@vot\/shared\/(api|session)$/.test(name);
  const primereactMore = (file: string) => /^primereact-(more|icons)\./.test(file);
  const shared = manifest.shared ?? [];
  const files = [
    'remoteEntry.js',
    ...(manifest.exposes ?? []).flatMap((e) => js(e.assets)),
    ...shared.filter((s) => kit(s.name)).flatMap((s) => js(s.assets)),
    ...shared.filter((s) => s.name.startsWith('primereact/')).flatMap((s) => js(s.assets).filter(primereactMore)),
  ];
  return [...new Set(files)];
}

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Fetches the remote's files into the browser's caches (the service worker's, or the HTTP cache
 * whose hashed files are immutable) at low priority, as many as the budget holds in the order a
 * visit needs them. Their sizes as sent (Content-Length) are asked first, all at once with HEAD:
 * a file's download, once started, may be finished by the worker whoever stops reading it.
 * Never on a connection where the user asked to save data. Resolves with the bytes fetched.
 */
export async function prefetchRemote(remote: RemoteState, budget = PREFETCH_BUDGET_BYTES): Promise<number> {
  if (saveData() || !remote.enabled || !remote.module) return 0;
  const ask = (url: string, method = 'GET') =>
    fetch(url, { method, mode: 'cors', credentials: 'omit', priority: 'low' } as RequestInit);
  const manifestUrl = new URL(remote.entry, location.href);
  const manifest = (await (await ask(manifestUrl.href)).json()) as Manifest;
  const urls = filesOf(manifest).map((file) => new URL(file, manifestUrl).href);
  const sizes = await Promise.all(
    urls.map((url) =>
      ask(url, 'HEAD').then(
        (res) => (res.ok ? Number(res.headers.get('content-length') ?? NaN) : NaN),
        () => NaN,
      ),
    ),
  );
  let spent = 0;
  for (const [i, url] of urls.entries()) {
    const size = sizes[i]!;
    if (!(size <= budget - spent)) continue;
    const res = await ask(url);
    if (!res.ok) continue;
    await res.arrayBuffer();
    spent += size;
  }
  return spent;
}

let started = false;

/** Once a page: when the browser is idle, prefetches the remote the user's role opens most. */
export function prefetchWhenIdle(role: Role, remotes: RemoteState[]): void {
  const id = OPENED_MOST[role];
  const remote = remotes.find((r) => r.id === id);
  if (started || !remote) return;
  started = true;
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
  idle(() => {
    prefetchRemote(remote).catch(() => undefined); // a prefetch that fails costs nothing but itself
  });
}
