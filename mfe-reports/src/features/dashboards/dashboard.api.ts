import { call } from '@vot/shared/api';
import { dashboardOperation } from '@vot/shared/operations';
import type { DashboardAnswers, DashboardCall } from '@vot/shared/schemas';

export type { DashboardAnswers, DashboardCall };

export const dashboardApi = {
  /** GET {call}?township_id,start_date,end_date(,volunteer_id): the answer's figures. Quiet: the page shows the failure with Retry. */
  load: <C extends DashboardCall>(name: C, query: Record<string, string>, signal?: AbortSignal) =>
    call(dashboardOperation(name), { query }, { signal, quiet: true }).then((res) => res.data),
};
