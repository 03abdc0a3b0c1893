import { useCallback, useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { onServedFileChange } from '../service-worker/register';
import { registerAvailable } from './federation';
import { loadRegistry, registryAtom, type RemoteState } from './registry';

/** What decides the menu and the loads: a refresh that changes none of it leaves the page alone. */
const releaseOf = (remotes: RemoteState[]) =>
  JSON.stringify(remotes.map((r) => [r.id, r.entry, r.enabled, r.module?.version ?? null, r.error === null]));

/**
 * Loads remotes.json and the module.json files once; `reload` is the Retry of an unreachable module.
 * The service worker answers remotes.json from its cache and revalidates it behind; when it finds
 * the file changed (ops enabled, disabled or moved a remote), the registry is read again, so the
 * change shows on this visit.
 */
export function useRegistry() {
  const [registry, setRegistry] = useAtom(registryAtom);
  const current = useRef(registry);
  current.current = registry;
  const apply = useCallback(
    (remotes: RemoteState[]) => {
      registerAvailable(remotes);
      setRegistry({ status: 'ready', remotes });
    },
    [setRegistry],
  );
  const reload = useCallback(() => {
    setRegistry({ status: 'loading' });
    loadRegistry().then(apply, (e: unknown) =>
      setRegistry({ status: 'failed', error: e instanceof Error ? e.message : String(e) }),
    );
  }, [apply, setRegistry]);
  useEffect(() => {
    if (registry.status === 'loading') reload();
    // Only the first mount loads; later loads are explicit retries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () =>
      onServedFileChange('/remotes.json', () => {
        loadRegistry().then(
          (remotes) => {
            const now = current.current;
            if (now.status !== 'ready' || releaseOf(now.remotes) !== releaseOf(remotes)) apply(remotes);
          },
          () => undefined,
        );
      }),
    [apply],
  );
  return { registry, reload };
}
