import { api, exportAllPages, type ItemResponse, type ListResponse, type MessageResponse } from '@vot/shared/api';
import type {
  DashboardVisitInput,
  DashboardVisitUpdateInput,
  NoAppDay,
  NoAppDayList,
  NoAppExportRow,
  VisitDetail,
  VisitExportRow,
  VisitRecord,
} from '@vot/shared/schemas';

type Params = Record<string, unknown>;
const list = (path: string) => (params?: Params, signal?: AbortSignal) =>
  api.get<ListResponse<VisitRecord>>(path, { params, signal, quiet: true });

/** SPEC.md §7 VOT visits and No-app calls, all through the shared client (exports quiet: a failure reads 'Please try again!'). */
export const visitsApi = {
  /** GET DOTs/{patientId}: the volunteer's visits, 28 a page. */
  withVolunteer: (patientId: number) => list(`DOTs/${patientId}`),
  /** GET NoVolunteer-DOTs/{patientId}: 30 a page. */
  withoutVolunteer: (patientId: number) => list(`NoVolunteer-DOTs/${patientId}`),
  /** GET all-DOTs/{patientId}: the calendar's records, 28 a page. */
  all: (patientId: number) => list(`all-DOTs/${patientId}`),
  /** Quiet: the dialog says itself that the record could not be read. */
  show: (id: number) => api.get<ItemResponse<VisitDetail>>(`DOT/${id}`, { quiet: true }),
  create: (withVolunteer: boolean, input: DashboardVisitInput) =>
    api.post<ItemResponse<VisitRecord>>(
      withVolunteer ? 'DOT-with-volunteer-dashboard' : 'DOT-without-volunteer-dashboard',
      input,
      { quiet: true },
    ),
  update: (id: number, input: DashboardVisitUpdateInput) =>
    api.update<ItemResponse<VisitRecord>>(`DOT/${id}`, input, { quiet: true }),
  remove: (id: number) => api.delete<MessageResponse>(`DOT/${id}`),
  exportWithVolunteer: (patientId: number, params: Params) =>
    api.get<{ data: VisitExportRow[] }>(`export-DOTs/${patientId}`, { params, quiet: true }),
  exportAll: (patientId: number, params: Params) =>
    api.get<{ data: VisitExportRow[] }>(`export-all-DOTs/${patientId}`, { params, quiet: true }),
  /** Every page of 'All-Patient-VOTs' (the API answers a national export in parts). */
  exportAllPatients: (params: Params) => exportAllPages<VisitExportRow>('export-all-patient-DOTs', params),
};

/** The no-app grid's calls (SPEC.md §7 No-app). */
export const noAppApi = {
  list: (patientId: number) => (params: Params, signal?: AbortSignal) =>
    api.get<NoAppDayList>(`NoApp-DOTs/${patientId}`, { params, signal, quiet: true }),
  create: (patientId: number, dates: string[]) =>
    api.post<ItemResponse<NoAppDay[]>>('NoApp-DOTs', { patient_id: patientId, dates }, { quiet: true }),
  tick: (id: number) => api.get<ItemResponse<NoAppDay>>(`change-status-NoApp-DOTs/${id}`, { changes: true }),
  reset: (id: number) => api.get<ItemResponse<NoAppDay>>(`delete-status-NoApp-DOTs/${id}`, { changes: true }),
  remove: (id: number) => api.delete<MessageResponse>(`NoApp-DOTs/${id}`),
  exportOf: (patientId: number, params: Params) =>
    api.get<{ data: NoAppExportRow[] }>(`export-NoApp-DOTs/${patientId}`, { params, quiet: true }),
};
