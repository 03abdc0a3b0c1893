import { useEffect, useState } from 'react';

/** The sidebar closes on screens narrower than 1200 pixels (SPEC.md §2). */
export const SIDEBAR_BREAKPOINT = 1200;

export function useWideScreen(): boolean {
  const query = `(min-width: ${SIDEBAR_BREAKPOINT}px)`;
  const [wide, setWide] = useState(() => globalThis.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const mq = globalThis.matchMedia?.(query);
    if (!mq) return;
    const onChange = (e: MediaQueryListEvent) => setWide(e.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}
