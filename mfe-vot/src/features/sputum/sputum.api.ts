import { call, callEarly } from '@vot/shared/api';
import { FU_SPUTUM_OPERATIONS as OPS } from '@vot/shared/operations';
import type { FuSputumInput } from '@vot/shared/schemas';

const quiet = { quiet: true };

/** SPEC.md §7 follow-up sputum of a patient (the contract's spelling). */
export const fuSputumApi = {
  show: (id: number) => call(OPS.show, { params: { id } }),
  create: (input: FuSputumInput) => call(OPS.create, { body: input }, quiet),
  update: (id: number, input: FuSputumInput) => call(OPS.update, { params: { id }, body: input }, quiet),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  listOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.listOf, { params: { id: patientId } }, { signal, quiet: true }),
  /** The list started with the patient's read (PatientPage `alongside`): listOf then takes its answer. */
  startListOf: (patientId: number) => callEarly(OPS.listOf, { params: { id: patientId } }),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportOf: (patientId: number) => call(OPS.exportOf, { params: { id: patientId } }, quiet),
};
