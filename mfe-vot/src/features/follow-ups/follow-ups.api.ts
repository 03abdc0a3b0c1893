import { api, resource, type ItemResponse, type ListResponse } from '@vot/shared/api';
import type { FollowUpCase, FollowUpInput, FollowUpRecord, FollowUpRow } from '@vot/shared/schemas';

/** The missed-dose worklist's calls: GET follow-ups (a page), its export, a patient's history, POST follow-ups. */
export const followUpsApi = {
  ...resource<FollowUpRow, FollowUpInput>('follow-ups'),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, unknown>) =>
    api.get<{ data: FollowUpRow[] }>('follow-ups-export', { params: filters, quiet: true }),
  historyOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<FollowUpCase>>(`follow-ups/${patientId}`, { signal, quiet: true }),
  record: (input: FollowUpInput) => api.post<ItemResponse<FollowUpRecord>>('follow-ups', input, { quiet: true }),
};
