import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@vot/shared/api';
import { UI_MESSAGES } from '@vot/shared/domain';

export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'found'; record: T }
  /** No such record, or one outside the user's townships: the API answers 404 for both. An id that is not one is missing too. */
  | { status: 'missing' }
  /** Could not be read (a bad connection, a 500): the reason, with `retry`. */
  | { status: 'failed'; message: string }
  /** Not asked (`enabled` false): the user may not read it. */
  | { status: 'skipped' };

export type LoadedRecord<T> = RecordState<T> & {
  retry: () => void;
  /** Shows the record a save answered with, without reading it again. */
  replace: (record: T) => void;
};

const idOf = (raw: string | number | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * One record of a detail page (a route's :id), read fresh each time the page opens. `load` should be
 * a quiet call (GET x/:id without a notice): the page says itself why the record is not shown.
 */
export function useRecord<T>(
  load: (id: number) => Promise<{ data: T }>,
  rawId: string | number | undefined,
  enabled = true,
): LoadedRecord<T> {
  const id = idOf(rawId);
  const [state, setState] = useState<RecordState<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const retry = useCallback(() => setTick((t) => t + 1), []);
  const replace = useCallback((record: T) => setState({ status: 'found', record }), []);
  // Callers pass `api.show` or an arrow: a new function each render must not mean a new request.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (id === null || !enabled) return;
    let live = true;
    setState({ status: 'loading' });
    latestLoad.current(id).then(
      (res) => live && setState({ status: 'found', record: res.data }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', message: e instanceof ApiError ? e.message : UI_MESSAGES.somethingWrong });
      },
    );
    return () => {
      live = false;
    };
  }, [id, enabled, tick]);

  if (id === null) return { status: 'missing', retry, replace };
  if (!enabled) return { status: 'skipped', retry, replace };
  return { ...state, retry, replace };
}
