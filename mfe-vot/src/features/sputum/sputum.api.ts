import { api, resource, type ItemResponse, type ListResponse } from '@vot/shared/api';
import type { FuSputumExportRow, FuSputumInput, FuSputumRecord } from '@vot/shared/schemas';

const sputum = resource<FuSputumRecord, FuSputumInput>('fu-sputum-examinitions');

/** SPEC.md §7 follow-up sputum of a patient (the contract's spelling). */
export const fuSputumApi = {
  ...sputum,
  show: (id: number) => api.get<ItemResponse<FuSputumRecord>>(`fu-sputum-examinition/${id}`),
  listOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<FuSputumRecord>>(`fu-sputum-examinitions/${patientId}`, { signal, quiet: true }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportOf: (patientId: number) =>
    api.get<{ data: FuSputumExportRow[] }>(`fu-sputum-examinitions-export/${patientId}`, { quiet: true }),
};
