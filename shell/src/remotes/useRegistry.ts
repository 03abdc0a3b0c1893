import { useCallback, useEffect } from 'react';
import { useAtom } from 'jotai';
import { registerAvailable } from './federation';
import { loadRegistry, registryAtom } from './registry';

/** Loads remotes.json and the module.json files once; `reload` is the Retry of an unreachable module. */
export function useRegistry() {
  const [registry, setRegistry] = useAtom(registryAtom);
  const reload = useCallback(() => {
    setRegistry({ status: 'loading' });
    loadRegistry().then(
      (remotes) => {
        registerAvailable(remotes);
        setRegistry({ status: 'ready', remotes });
      },
      (e: unknown) => setRegistry({ status: 'failed', error: e instanceof Error ? e.message : String(e) }),
    );
  }, [setRegistry]);
  useEffect(() => {
    if (registry.status === 'loading') reload();
    // Only the first mount loads; later loads are explicit retries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { registry, reload };
}
