import { useEffect, useState } from 'react';
import type { Option } from './FormField';

/**
 * A select's choices: those given, or those `load` fetches (again whenever `load` changes, so a
 * caller whose choices depend on something memoizes `load` on it). A failed load leaves the list
 * empty: the API client has told the user. The one option loader of the forms and the list filters.
 */
export function useOptions(
  given: Option[],
  load: (() => Promise<Option[]>) | undefined,
): { options: Option[]; loading: boolean } {
  const [loaded, setLoaded] = useState<Option[] | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setLoaded(null);
    load().then(
      (o) => live && setLoaded(o),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return load ? { options: loaded ?? [], loading: loaded === null } : { options: given, loading: false };
}
