import { call, exportEveryPart, listCallsOf } from '@vot/shared/api';
import type { InvestigationKind } from '@vot/shared/domain';
import { INVESTIGATION_OPERATIONS, PATIENT_OPERATIONS as OPS } from '@vot/shared/operations';
import type {
  InvestigationInput,
  NoSpsPatientInput,
  PatientInput,
  PatientExportRow,
  PatientListRow,
  PossibleDuplicateQuery,
  ReportPeriodInput,
  TbConclusionInput,
  VotAcceptInput,
  VotEligibleInput,
} from '@vot/shared/schemas';

const quiet = { quiet: true };

/**
 * The calls of SPEC.md §7 Patients, all declared operations. A patient's Delete moves it to the
 * trash (`moveToTrash`); only the trash deletes for good (`deleteForGood`, DELETE patients/:id),
 * so no call here is named plain `remove`.
 */
export const patientsApi = {
  list: (query?: Record<string, unknown>, signal?: AbortSignal) => call(OPS.list, { query }, { signal, quiet: true }),
  /** Quiet: the detail says 'Patient not found.' itself rather than in a notice. */
  show: (id: number) => call(OPS.show, { params: { id } }, quiet),
  create: (input: PatientInput) => call(OPS.create, { body: input }, quiet),
  /** To Add DRTB No SPS Patient: the same call flagged, with the township's next presumptive TB number. */
  createNoSps: (input: NoSpsPatientInput) => call(OPS.createNoSps, { query: { NO_SP_CODE: true }, body: input }, quiet),
  /** Quiet: without an answer the registration goes on unwarned rather than stop. */
  possibleDuplicates: (query: PossibleDuplicateQuery) => call(OPS.possibleDuplicates, { query }, quiet),
  latestPresumptiveNumber: (townshipId: number) =>
    call(OPS.latestPresumptiveNumber, { params: { township_id: townshipId } }, quiet),
  update: (id: number, input: PatientInput) => call(OPS.updateInfo, { params: { id }, body: input }, quiet),
  updateInfo: (id: number, input: PatientInput) => call(OPS.updateInfo, { params: { id }, body: input }, quiet),
  updateTbConclusion: (id: number, input: TbConclusionInput) =>
    call(OPS.updateTbConclusion, { params: { id }, body: input }, quiet),
  updateVotEligible: (id: number, input: VotEligibleInput) =>
    call(OPS.updateVotEligible, { params: { id }, body: input }, quiet),
  updateVotAccept: (id: number, input: VotAcceptInput) =>
    call(OPS.updateVotAccept, { params: { id }, body: input }, quiet),
  updateReportPeriod: (id: number, input: ReportPeriodInput) =>
    call(OPS.updateReportPeriod, { params: { id }, body: input }, quiet),
  updateInvestigation: (kind: InvestigationKind, id: number, input: InvestigationInput) =>
    // One declaration per kind, each with its kind's schema; the screen's form is the kind's.
    call(
      INVESTIGATION_OPERATIONS[kind] as (typeof INVESTIGATION_OPERATIONS)['sputum'],
      {
        params: { id },
        body: input as never,
      },
      quiet,
    ),
  /** Soft delete: the patient goes to the trash (status 0). */
  moveToTrash: (id: number) => call(OPS.moveToTrash, { params: { id } }),
  /** Permanently, from the trash only. */
  deleteForGood: (id: number) => call(OPS.deleteForGood, { params: { id } }),
  recover: (id: number) => call(OPS.recover, { params: { id } }),
  /** A new initial app password (the old one forgotten), shown in the lists and the detail; the patient's app sessions end. Not in SPEC.md, see docs/api.md. */
  resetPassword: (id: number) => call(OPS.resetPassword, { params: { id } }),
  /** Every part of the export (quiet: a failed export reads 'Please try again!'). */
  exportRows: (filters: Record<string, unknown>) => exportEveryPart<PatientExportRow>(OPS.exportParts, filters),
  /** Quiet: a menu without counts is still a menu. */
  counts: () => call(OPS.counts, {}, quiet),
};

/** The patient lists' calls: a Delete there would move the patient to the trash (the lists show none). */
export const patientListApi = listCallsOf<PatientListRow, PatientInput>(patientsApi, (id) =>
  patientsApi.moveToTrash(id),
);
/** The trash's calls: its Delete deletes for good. */
export const patientTrashApi = listCallsOf<PatientListRow, PatientInput>(patientsApi, (id) =>
  patientsApi.deleteForGood(id),
);

export type { PatientExportRow };
