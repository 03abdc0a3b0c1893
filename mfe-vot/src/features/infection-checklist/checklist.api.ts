import { api, resource, type ItemResponse, type ListResponse } from '@vot/shared/api';
import type { InfectionChecklistInput, InfectionChecklistRecord } from '@vot/shared/schemas';

const checklists = resource<InfectionChecklistRecord, InfectionChecklistInput>('infection-checklists');

/** SPEC.md §7 (docs/api.md "Medicines, follow-up sputum and infection checklists"): a patient's checklists, latest first. */
export const infectionChecklistsApi = {
  ...checklists,
  show: (id: number) => api.get<ItemResponse<InfectionChecklistRecord>>(`infection-checklist/${id}`),
  listOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<InfectionChecklistRecord>>(`infection-checklists/${patientId}`, { signal, quiet: true }),
};
