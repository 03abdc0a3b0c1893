import { api, resource, type ListResponse } from '@vot/shared/api';
import type { TrainingInput } from '@vot/shared/schemas';

/** A training as the API answers it (SPEC.md §3). */
export interface Training {
  id: number;
  volunteer: { id: number; name: string; township: { id: number; name: string } | null };
  date: string;
  type: string;
}

/** A row of GET volunteer-trainings-export/:volunteerId (the volunteer and township by name). */
export interface TrainingExportRow {
  volunteer: string;
  township: string | null;
  date: string;
  type: string;
}

/** trainings/:id for show, create, update and delete; the list and export are per volunteer. */
export const trainingsApi = {
  ...resource<Training, TrainingInput>('trainings'),
  listOf: (volunteerId: number, params?: Record<string, unknown>, signal?: AbortSignal) =>
    api.get<ListResponse<Training>>(`volunteer-trainings/${volunteerId}`, { params, signal, quiet: true }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportOf: (volunteerId: number, filters: Record<string, string>) =>
    api.get<{ data: TrainingExportRow[] }>(`volunteer-trainings-export/${volunteerId}`, { params: filters, quiet: true }),
};
