import { api, resource, type ListResponse } from '@vot/shared/api';
import type { ChangeVolunteerInput, ChangeVolunteerRecord, PureHybridHistoryRecord } from '@vot/shared/schemas';

/**
 * SPEC.md §7: the pure/hybrid and volunteer history of a patient, two views of one history, each
 * listed per patient and deleted by its own path; a new change is POST change-volunteers.
 */
export const changeVolunteersApi = {
  ...resource<ChangeVolunteerRecord, ChangeVolunteerInput>('change-volunteers'),
  listOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<ChangeVolunteerRecord>>(`change-volunteers/${patientId}`, { signal, quiet: true }),
};

export const pureHybridHistoriesApi = {
  ...resource<PureHybridHistoryRecord, Record<string, never>>('pure-hybrid-histories'),
  listOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<PureHybridHistoryRecord>>(`pure-hybrid-histories/${patientId}`, { signal, quiet: true }),
};
