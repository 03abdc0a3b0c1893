import { api, type ItemResponse } from '@vot/shared/api';
import type {
  LedgerDay,
  LedgerSummary,
  MoveToVotInput,
  Patient,
  VdotConclusionInput,
  VotEndInput,
} from '@vot/shared/schemas';

/** The patient calls of this remote's VOT pages (SPEC.md §7 Patients), all through the shared client. */
export const votPatientApi = {
  /** Quiet: the page says 'Patient not found.' itself. */
  show: (id: number) => api.get<ItemResponse<Patient>>(`patients/${id}`, { quiet: true }),
  moveToVot: (id: number, input: MoveToVotInput) =>
    api.update<ItemResponse<Patient> & { message: string }>(`move-to-DOT/${id}`, input, { quiet: true }),
  endVot: (id: number, input: VotEndInput) =>
    api.update<ItemResponse<Patient> & { message: string }>(`DOT-end/${id}`, input, { quiet: true }),
  concludeVdot: (id: number, input: VdotConclusionInput) =>
    api.update<ItemResponse<Patient> & { message: string }>(`VDOT-end/${id}`, input, { quiet: true }),
  /** The dose ledger (null off VOT); quiet: the view shows no panel rather than an error. */
  ledger: (id: number) => api.get<ItemResponse<LedgerSummary | null>>(`DOT-ledger/${id}`, { quiet: true }),
  /** Every counted day with its status and provenance (empty off VOT); quiet, as the ledger. */
  ledgerDays: (id: number) => api.get<ItemResponse<LedgerDay[]>>(`DOT-ledger-days/${id}`, { quiet: true }),
};
