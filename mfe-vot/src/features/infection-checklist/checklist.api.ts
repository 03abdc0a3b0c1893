import { call, callEarly } from '@vot/shared/api';
import { INFECTION_CHECKLIST_OPERATIONS as OPS } from '@vot/shared/operations';
import type { InfectionChecklistInput } from '@vot/shared/schemas';

/** SPEC.md §7 (docs/api.md "Medicines, follow-up sputum and infection checklists"): a patient's checklists, latest first. */
export const infectionChecklistsApi = {
  show: (id: number) => call(OPS.show, { params: { id } }),
  create: (input: InfectionChecklistInput) => call(OPS.create, { body: input }, { quiet: true }),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  listOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.listOf, { params: { id: patientId } }, { signal, quiet: true }),
  /** The list started with the patient's read (PatientPage `alongside`): listOf then takes its answer. */
  startListOf: (patientId: number) => callEarly(OPS.listOf, { params: { id: patientId } }),
};
