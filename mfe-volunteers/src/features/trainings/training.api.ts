import { api, resource } from '@vot/shared/api';
import type { Training, TrainingExportRow, TrainingInput, TrainingPage } from '@vot/shared/schemas';

/** trainings/:id for show, create, update and delete; the list (which names its volunteer) and export are per volunteer. */
export const trainingsApi = {
  ...resource<Training, TrainingInput>('trainings'),
  listOf: (volunteerId: number, params?: Record<string, unknown>, signal?: AbortSignal) =>
    api.get<TrainingPage>(`volunteer-trainings/${volunteerId}`, { params, signal, quiet: true }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportOf: (volunteerId: number, filters: Record<string, string>) =>
    api.get<{ data: TrainingExportRow[] }>(`volunteer-trainings-export/${volunteerId}`, {
      params: filters,
      quiet: true,
    }),
};
