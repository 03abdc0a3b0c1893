import { api, resource } from '@vot/shared/api';
import type { Volunteer } from '@vot/shared/schemas';
import type { Option } from '@vot/shared/ui';

/** The five calls of SPEC.md §7 "Reports and dashboards", by name. */
export type DashboardCall = 'volunteer-dashboard' | 'patient-dashboard' | 'dot-status-dashboard' | 'activity-dashboard' | 'volunteer-report-dashboard';

const volunteersApi = resource<Volunteer>('volunteers');

export const dashboardApi = {
  /** GET {call}?township_id,start_date,end_date(,volunteer_id): the answer's figures. Quiet: the page shows the failure with Retry. */
  load: (call: DashboardCall, params: Record<string, string>, signal?: AbortSignal) =>
    api.get<{ data: Record<string, unknown>; status: 'success' }>(call, { params, signal, quiet: true }).then((res) => res.data),
  /** The active volunteers the user may see (a Field Officer's townships'), named with their code. */
  volunteerOptions: (): Promise<Option[]> =>
    volunteersApi.list().then((res) => res.data.map((v) => ({ label: v.code ? `${v.name} (${v.code})` : v.name, value: v.id }))),
};
