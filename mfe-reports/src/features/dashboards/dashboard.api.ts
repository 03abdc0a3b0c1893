import { api, type ItemResponse } from '@vot/shared/api';
import type { DashboardAnswers, DashboardCall } from '@vot/shared/schemas';

export type { DashboardAnswers, DashboardCall };

export const dashboardApi = {
  /** GET {call}?township_id,start_date,end_date(,volunteer_id): the answer's figures. Quiet: the page shows the failure with Retry. */
  load: <C extends DashboardCall>(call: C, params: Record<string, string>, signal?: AbortSignal) =>
    api.get<ItemResponse<DashboardAnswers[C]>>(call, { params, signal, quiet: true }).then((res) => res.data),
};
