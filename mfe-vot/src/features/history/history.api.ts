import { call, callEarly } from '@vot/shared/api';
import { CHANGE_VOLUNTEER_OPERATIONS as OPS } from '@vot/shared/operations';
import type { ChangeVolunteerInput } from '@vot/shared/schemas';

/**
 * SPEC.md §7: the pure/hybrid and volunteer history of a patient, two views of one history, each
 * listed per patient and deleted by its own path; a new change is POST change-volunteers.
 */
export const changeVolunteersApi = {
  create: (input: ChangeVolunteerInput) => call(OPS.create, { body: input }, { quiet: true }),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  listOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.listOf, { params: { id: patientId } }, { signal, quiet: true }),
  /** The list started with the patient's read (PatientPage `alongside`): listOf then takes its answer. */
  startListOf: (patientId: number) => callEarly(OPS.listOf, { params: { id: patientId } }),
};

export const pureHybridHistoriesApi = {
  remove: (id: number) => call(OPS.removePureHybrid, { params: { id } }),
  listOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.pureHybridOf, { params: { id: patientId } }, { signal, quiet: true }),
  /** The list started with the patient's read (PatientPage `alongside`): listOf then takes its answer. */
  startListOf: (patientId: number) => callEarly(OPS.pureHybridOf, { params: { id: patientId } }),
};
