import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import type { RemoteState } from './registry';

let pluginRegistered = false;

/** Turns a failed remote load into a value we can test for, instead of an exception deep in the runtime. */
function registerFallbackPlugin() {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'vot-remote-fallback',
      errorLoadRemote({ id, error }) {
        console.warn(`[shell] remote ${id} could not be loaded:`, error);
        return { unavailable: true };
      },
    },
  ]);
}

const loaded = new Map<string, Promise<ParcelConfigObject>>();

/** Registers the enabled, reachable remotes (again, forcing a fresh entry after a retry). */
export function registerAvailable(remotes: RemoteState[]): void {
  registerFallbackPlugin();
  const available = remotes.filter((r) => r.enabled && r.module);
  for (const r of available) loaded.delete(r.id);
  registerRemotes(
    available.map((r) => ({ name: r.id, entry: r.entry })),
    { force: true },
  );
}

function isLifecycles(value: unknown): value is ParcelConfigObject {
  const v = value as Partial<Record<'bootstrap' | 'mount' | 'unmount', unknown>> | null;
  return Boolean(v) && typeof v?.mount === 'function' && typeof v?.unmount === 'function' && v?.bootstrap !== undefined;
}

/** The remote's ./app lifecycles; rejects when it cannot be loaded or is not a single-spa parcel. */
export function loadRemoteApp(id: string): Promise<ParcelConfigObject> {
  let promise = loaded.get(id);
  if (!promise) {
    promise = loadRemote<unknown>(`${id}/app`).then((mod) => {
      if (!isLifecycles(mod)) throw new Error(`remote ${id} did not provide single-spa lifecycles`);
      return mod;
    });
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}
