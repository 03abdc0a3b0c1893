import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiError, ListResponse } from '../api';

export type ListLoader<T> = (params: Record<string, unknown>, signal: AbortSignal) => Promise<ListResponse<T>>;

/** The page a URL's query asks for: ?page, 1 without a valid one. */
export function pageIn(search: URLSearchParams): number {
  const raw = Number(search.get('page'));
  return Number.isInteger(raw) && raw > 0 ? raw : 1;
}

/** Reads ?page (default 1) from the URL, so back/forward and shared links keep the page. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageIn(params);
  const setPage = useCallback(
    (next: number) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        p.set('page', String(next));
        return p;
      });
    },
    [setParams],
  );
  return [page, setPage];
}

export interface PagedList<T> {
  rows: T[];
  total: number;
  page: number;
  setPage: (page: number) => void;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** Loads one page of a list; a newer request cancels an older one (slow links answer out of order). */
export function usePagedList<T>(
  load: ListLoader<T>,
  paged: boolean,
  filters: Record<string, unknown> = {},
): PagedList<T> {
  const [page, setPage] = usePageParam();
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean; error: string | null }>({
    rows: [],
    total: 0,
    loading: true,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    const params = { ...(JSON.parse(filterKey) as Record<string, unknown>), ...(paged ? { page } : {}) };
    load(params, controller.signal).then(
      (res) => setState({ rows: res.data, total: res.total, loading: false, error: null }),
      (e: ApiError) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: e.message }));
      },
    );
    return () => controller.abort();
  }, [load, paged, page, filterKey, tick]);

  return { ...state, page, setPage, reload: () => setTick((t) => t + 1) };
}

/** A row left the list (deleted, recovered): reload, stepping back from a page it leaves empty. */
export function reloadAfterRemoval(list: PagedList<unknown>): void {
  if (list.rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
  else list.reload();
}
