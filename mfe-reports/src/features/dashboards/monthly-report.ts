import { volunteerOptions } from '@vot/shared/lists';
import { VOLUNTEER_INDICATORS } from '@vot/shared/schemas';
import type { DashboardDecl } from './dashboards';

/**
 * The monthly volunteer report (volunteer-report-dashboard): one volunteer (or all) over a period,
 * usually a month. Its seven indicators and their definitions are VOLUNTEER_INDICATORS (@vot/shared),
 * shown under the charts so a reader knows what each figure counts.
 */
export const MONTHLY_VOLUNTEER_REPORT = {
  title: 'Monthly Volunteer Report',
  call: 'volunteer-report-dashboard',
  filters: [{ name: 'volunteer_id', label: 'Volunteer', type: 'select', loadOptions: volunteerOptions }],
  groups: [
    { title: 'Indicators', field: 'total_result', kind: 'column' },
    { title: 'Indicators by township', field: 'total_with_township_result', kind: 'column' },
    { title: 'Indicators by month', field: 'total_with_month_year_result', kind: 'line' },
  ],
  dates: [
    { figures: 'Indicators 1–4', date: 'the date of the volunteer’s own visits and video reviews' },
    { figures: 'Indicators 5–7', date: 'the community activity’s and the training’s date' },
  ],
  notes: VOLUNTEER_INDICATORS.map(({ label, definition }) => ({ label, definition })),
} satisfies DashboardDecl<'volunteer-report-dashboard'>;
