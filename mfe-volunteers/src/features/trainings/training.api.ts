import { call } from '@vot/shared/api';
import { TRAINING_OPERATIONS as OPS } from '@vot/shared/operations';
import type { TrainingInput } from '@vot/shared/schemas';

const quiet = { quiet: true };

/** trainings/:id for show, create, update and delete; the list (which names its volunteer) and export are per volunteer. */
export const trainingsApi = {
  show: (id: number) => call(OPS.show, { params: { id } }),
  create: (input: TrainingInput) => call(OPS.create, { body: input }, quiet),
  update: (id: number, input: TrainingInput) => call(OPS.update, { params: { id }, body: input }, quiet),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  listOf: (volunteerId: number, query?: Record<string, unknown>, signal?: AbortSignal) =>
    call(OPS.listOf, { params: { id: volunteerId }, query }, { signal, quiet: true }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportOf: (volunteerId: number, filters: Record<string, string>) =>
    call(OPS.exportOf, { params: { id: volunteerId }, query: filters }, quiet),
};
