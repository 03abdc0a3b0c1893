import { useEffect, useState } from 'react';
import { call } from '@vot/shared/api';
import { HOME_OPERATIONS } from '@vot/shared/operations';
import type { HomeFigures } from '@vot/shared/schemas';

export interface HomePeriod {
  start_date?: string;
  end_date?: string;
}

/**
 * The home's one call (GET home): what waits today and, for a supervisor, the figures over the
 * period. Read quietly: a failed call leaves the home without them (null), the rest still works.
 */
export function useHomeFigures(enabled: boolean, period: HomePeriod): HomeFigures | null | undefined {
  const [figures, setFigures] = useState<HomeFigures | null | undefined>(undefined);
  const { start_date, end_date } = period;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call(HOME_OPERATIONS.home, { query: { start_date, end_date } }, { quiet: true, signal: controller.signal }).then(
      (res) => setFigures(res.data),
      () => {
        if (!controller.signal.aborted) setFigures(null);
      },
    );
    return () => controller.abort();
  }, [enabled, start_date, end_date]);
  return figures;
}
