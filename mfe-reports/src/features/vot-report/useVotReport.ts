import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@vot/shared/api';
import { UI_MESSAGES } from '@vot/shared/domain';
import type { VotReport } from '@vot/shared/schemas';
import { votReportApi } from './vot-report.api';

export type ReportState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; report: VotReport }
  | { status: 'failed'; message: string };

/**
 * The report for the dates in the URL, read when they change (Search) and not before a start date
 * is chosen: the report covers whole quarters of the national data, so it runs when asked for.
 */
export function useVotReport(
  startDate: string | undefined,
  endDate: string | undefined,
): ReportState & { retry: () => void } {
  const [state, setState] = useState<ReportState>({ status: 'idle' });
  const [tick, setTick] = useState(0);
  const retry = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    if (!startDate) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    votReportApi.load({ start_date: startDate, ...(endDate ? { end_date: endDate } : {}) }).then(
      (report) => live && setState({ status: 'loaded', report }),
      (e: unknown) =>
        live && setState({ status: 'failed', message: e instanceof ApiError ? e.message : UI_MESSAGES.somethingWrong }),
    );
    return () => {
      live = false;
    };
  }, [startDate, endDate, tick]);
  return { ...state, retry };
}
