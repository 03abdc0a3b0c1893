import { api, type ItemResponse } from '@vot/shared/api';
import type { ActivityDashboard, DotStatusDashboard, PatientDashboard, VolunteerDashboard, VolunteerReportDashboard } from '@vot/shared/schemas';

/** The five calls of SPEC.md §7 "Reports and dashboards", by name, and what each answers. */
export interface DashboardAnswers {
  'volunteer-dashboard': VolunteerDashboard;
  'patient-dashboard': PatientDashboard;
  'dot-status-dashboard': DotStatusDashboard;
  'activity-dashboard': ActivityDashboard;
  'volunteer-report-dashboard': VolunteerReportDashboard;
}
export type DashboardCall = keyof DashboardAnswers;

export const dashboardApi = {
  /** GET {call}?township_id,start_date,end_date(,volunteer_id): the answer's figures. Quiet: the page shows the failure with Retry. */
  load: <C extends DashboardCall>(call: C, params: Record<string, string>, signal?: AbortSignal) =>
    api.get<ItemResponse<DashboardAnswers[C]>>(call, { params, signal, quiet: true }).then((res) => res.data),
};
