import { atom } from 'jotai';
import { moduleJsonUrl, parseRemoteModule, parseRemotesConfig, type RemoteModule } from '@vot/shared/contract';
import { takeEarly } from './early';

/** What the shell knows of one remote, without having downloaded any of its code. */
export interface RemoteState {
  id: string;
  entry: string;
  enabled: boolean;
  module: RemoteModule | null;
  /** Why module.json could not be read: the remote is unreachable or broken. */
  error: string | null;
}

export type Registry =
  { status: 'loading' } | { status: 'ready'; remotes: RemoteState[] } | { status: 'failed'; error: string };

export const registryAtom = atom<Registry>({ status: 'loading' });

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string): Promise<unknown> {
  const early = takeEarly(url);
  if (early) return early;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    // remotes.json and module.json change on every release: never from the HTTP cache. The service
    // worker answers from its own and revalidates (service-worker/routes.ts), announcing a change.
    const res = await fetch(url, { cache: 'no-store', signal: controller.signal });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return await res.json();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads remotes.json, then every remote's module.json (a few hundred bytes each), in parallel.
 * A disabled remote's module.json is read too, so a deep link to it can say "not available"
 * instead of silently landing on the dashboard.
 */
export async function loadRegistry(configUrl = '/remotes.json'): Promise<RemoteState[]> {
  const config = parseRemotesConfig(await fetchJson(configUrl));
  return Promise.all(
    Object.entries(config.remotes).map(async ([id, { entry, enabled }]): Promise<RemoteState> => {
      try {
        const module = parseRemoteModule(await fetchJson(moduleJsonUrl(entry)), id);
        return { id, entry, enabled, module, error: null };
      } catch (e) {
        return { id, entry, enabled, module: null, error: e instanceof Error ? e.message : String(e) };
      }
    }),
  );
}
