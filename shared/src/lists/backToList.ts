import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** History state of a route opened from a list: Back (history -1) returns to that list. */
export const FROM_LIST = { fromList: true } as const;

/** Leaves a detail for its list: back through history when the list opened it, else to `listPath` with the same query. */
export function useBackToList(listPath: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(`${listPath}${location.search}`, { replace: true });
  }, [fromList, navigate, listPath, location.search]);
}

/** Opens a route from a list with the list's query and FROM_LIST, so its Back returns to the same page and filters. */
export function useOpenFromList(): (path: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback((path: string) => navigate(`${path}${search}`, { state: FROM_LIST }), [navigate, search]);
}
