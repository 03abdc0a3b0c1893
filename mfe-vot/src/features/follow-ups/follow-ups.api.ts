import { call, type ResourceApi } from '@vot/shared/api';
import { FOLLOW_UP_OPERATIONS as OPS } from '@vot/shared/operations';
import type { FollowUpInput, FollowUpRow } from '@vot/shared/schemas';

/**
 * The missed-dose worklist's calls, by their declared operations: the list screen's `list` (a
 * page), its export, a patient's history, a new action. The kit's row buttons need no show,
 * update or remove: the worklist is read, and actions are never changed.
 */
export const followUpsApi = {
  list: (params?: Record<string, unknown>, signal?: AbortSignal) =>
    call(OPS.worklist, { query: params }, { signal, quiet: true }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, unknown>) => call(OPS.worklistExport, { query: filters }, { quiet: true }),
  historyOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.history, { params: { id: patientId } }, { signal, quiet: true }),
  record: (input: FollowUpInput) => call(OPS.record, { body: input }, { quiet: true }),
};

/** Never called: the worklist screen declares no form and no row buttons of the kit (no New, Update or Delete). */
const none = () => Promise.reject(new Error('The worklist has no such call.'));

/** The list screen's calls: the worklist page alone. */
export const worklistCalls: ResourceApi<FollowUpRow, FollowUpInput> = {
  list: followUpsApi.list,
  show: none,
  create: none,
  update: none,
  remove: none,
};
