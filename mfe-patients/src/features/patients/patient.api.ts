import {
  api,
  exportAllPages,
  listCallsOf,
  resource,
  type ItemResponse,
  type ListResponse,
  type MessageResponse,
} from '@vot/shared/api';
import type { InvestigationKind } from '@vot/shared/domain';
import type {
  InvestigationInput,
  NoSpsPatientInput,
  Patient,
  PatientCounts,
  PatientInput,
  PatientExportRow,
  PatientListRow,
  PossibleDuplicate,
  PossibleDuplicateQuery,
  PresumptiveNumber,
  ReportPeriodInput,
  TbConclusionInput,
  VotAcceptInput,
  VotEligibleInput,
} from '@vot/shared/schemas';

const { remove, ...patients } = resource<PatientListRow, PatientInput>('patients');
const update =
  <I>(path: string) =>
  (id: number, input: I) =>
    api.update<ItemResponse<Patient>>(`${path}/${id}`, input, { quiet: true });

/**
 * The calls of SPEC.md §7 Patients, all through the shared client. A patient's Delete moves it to
 * the trash (`moveToTrash`); only the trash deletes for good (`deleteForGood`, DELETE patients/:id),
 * so no call here is named plain `remove`.
 */
export const patientsApi = {
  ...patients,
  /** Quiet: the detail says 'Patient not found.' itself rather than in a notice. */
  show: (id: number) => api.get<ItemResponse<Patient>>(`patients/${id}`, { quiet: true }),
  create: (input: PatientInput) => api.post<ItemResponse<Patient>>('patients', input, { quiet: true }),
  /** To Add DRTB No SPS Patient: the same call flagged, with the township's next presumptive TB number. */
  createNoSps: (input: NoSpsPatientInput) =>
    api.post<ItemResponse<Patient>>('patients', input, { params: { NO_SP_CODE: true }, quiet: true }),
  /** Quiet: without an answer the registration goes on unwarned rather than stop. */
  possibleDuplicates: (query: PossibleDuplicateQuery) =>
    api.get<ListResponse<PossibleDuplicate>>('patients-possible-duplicates', { params: query, quiet: true }),
  latestPresumptiveNumber: (townshipId: number) =>
    api.get<{ data: PresumptiveNumber }>(`latest-presumptive-TB-Number/${townshipId}`, { quiet: true }),
  updateInfo: update<PatientInput>('patients'),
  updateTbConclusion: update<TbConclusionInput>('TB-conclusion'),
  updateVotEligible: update<VotEligibleInput>('VOT-eligible'),
  updateVotAccept: update<VotAcceptInput>('VOT-accept'),
  updateReportPeriod: update<ReportPeriodInput>('report-period'),
  updateInvestigation: (kind: InvestigationKind, id: number, input: InvestigationInput) =>
    update<InvestigationInput>(kind)(id, input),
  /** Soft delete: the patient goes to the trash (status 0). */
  moveToTrash: (id: number) => api.get<MessageResponse>(`patients-delete/${id}`, { changes: true }),
  /** Permanently, from the trash only. */
  deleteForGood: remove,
  recover: (id: number) => api.get<MessageResponse>(`patients-recover/${id}`, { changes: true }),
  /** A new initial app password (the old one forgotten), shown in the lists and the detail; the patient's app sessions end. Not in SPEC.md, see docs/api.md. */
  resetPassword: (id: number) => api.post<ItemResponse<Patient> & MessageResponse>(`patients/${id}/reset-password`),
  /** Every page of the export (quiet: a failed export reads 'Please try again!'). */
  exportRows: (filters: Record<string, unknown>) => exportAllPages<PatientExportRow>('patients-export', filters),
  /** Quiet: a menu without counts is still a menu. */
  counts: () => api.get<{ data: PatientCounts }>('dstb-patient-count', { quiet: true }),
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
