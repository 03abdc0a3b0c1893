import { call, callEarly } from '@vot/shared/api';
import { PATIENT_OPERATIONS, VOT_PATIENT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { MoveToVotInput, VdotConclusionInput, VotEndInput } from '@vot/shared/schemas';

const quiet = { quiet: true };

/**
 * One patient's VOT treatment as this remote's pages use it: the patient, move to VOT, VOT end,
 * VDOT conclusion and the dose ledger (SPEC.md §7 Patients), all declared operations.
 */
export const patientTreatmentApi = {
  /** Quiet: the page says 'Patient not found.' itself. */
  show: (id: number) => call(PATIENT_OPERATIONS.show, { params: { id } }, quiet),
  moveToVot: (id: number, input: MoveToVotInput) => call(OPS.moveToVot, { params: { id }, body: input }, quiet),
  endVot: (id: number, input: VotEndInput) => call(OPS.endVot, { params: { id }, body: input }, quiet),
  concludeVdot: (id: number, input: VdotConclusionInput) =>
    call(OPS.concludeVdot, { params: { id }, body: input }, quiet),
  /** The dose ledger (null off VOT); quiet: the view shows no panel rather than an error. */
  ledger: (id: number) => call(OPS.ledger, { params: { id } }, quiet),
  /** Every counted day with its status and provenance (empty off VOT); quiet, as the ledger. */
  ledgerDays: (id: number) => call(OPS.ledgerDays, { params: { id } }, quiet),
  /** The counted days started with the patient's read (the calendar's PatientPage `alongside`). */
  startLedgerDays: (id: number) => callEarly(OPS.ledgerDays, { params: { id } }),
};
