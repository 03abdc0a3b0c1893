import { townshipFilter, type FilterDef } from '@vot/shared/lists';
import type { ChartGroup } from '../../charts/chartOptions';
import type { DashboardAnswers, DashboardCall } from './dashboard.api';

/**
 * The five dashboards of SPEC.md §2, each a declaration over the chart kit: its call, its filters
 * and its chart groups (a field of SPEC.md §3 "Dashboard data" and how to draw it). DashboardPage
 * draws any of them; a new chart is a line here.
 */
export interface DashboardDecl<C extends DashboardCall = DashboardCall> {
  title: string;
  call: C;
  /** Filters besides the township and the dates. */
  filters?: FilterDef[];
  /** Over the call's answer: a field the answer lacks (renamed, misspelt) fails the type-check. */
  groups: ChartGroup<DashboardAnswers[C]>[];
  /** Text under the charts (the volunteer report's indicator definitions). */
  notes?: { label: string; definition: string }[];
}
/** A declaration of any of the calls, each checked against its own answer. */
export type AnyDashboardDecl = { [C in DashboardCall]: DashboardDecl<C> }[DashboardCall];

const dates: FilterDef = { name: 'dates', label: 'Dates', type: 'date-range' };
/** Township (hidden for a township-bound role: their figures are their townships'), then the period. */
export const COMMON_FILTERS: FilterDef[] = [townshipFilter, dates];

export const DASHBOARDS = {
  volunteer: {
    title: 'Volunteer Dashboard',
    call: 'volunteer-dashboard',
    groups: [
      { title: 'Volunteers by township', field: 'by_township', kind: 'column' },
      { title: 'Volunteers by age', field: 'by_age', kind: 'pie' },
      { title: 'Volunteers by education', field: 'by_education_status', kind: 'pie' },
      { title: 'Reported and trained volunteers', field: ['reported_volunteers', 'trained_volunteer'], kind: 'column' },
    ],
  },
  patient: {
    title: 'Patient Dashboard',
    call: 'patient-dashboard',
    groups: [
      { title: 'Patients', field: 'total_patients', kind: 'column' },
      { title: 'Case finding by activity (people referred)', field: 'case_founded_activities', kind: 'column' },
      { title: 'Defined TB type', field: 'defined_TB_type', kind: 'pie' },
      { title: 'Treatment regimen', field: 'treatment_regimen', kind: 'pie' },
      { title: 'TB patients outcome', field: 'TB_patients_outcome', kind: 'pie' },
      { title: 'Type of TB patient', field: 'type_of_TB_patient', kind: 'pie' },
    ],
  },
  dotStatus: {
    title: 'VOT Status Dashboard',
    call: 'dot-status-dashboard',
    groups: [{ title: 'VOT status', field: ['with_volunteers', 'without_volunteers', 'No_DOTs'], kind: 'pie' }],
  },
  activity: {
    title: 'Activity Dashboard',
    call: 'activity-dashboard',
    groups: [
      { title: 'Activities', field: ['hes', 'take_medicines', 'cts', 'svs', 'communities'], kind: 'column' },
      { title: 'Health education by month', field: 'hes_with_month', kind: 'line' },
      { title: 'Contact tracing by month', field: 'cts_with_month', kind: 'line' },
      { title: 'Take medicines by month', field: 'take_medicines_with_month', kind: 'line' },
      { title: 'Community activities by month', field: 'communities_with_month', kind: 'line' },
    ],
  },
} satisfies Record<string, AnyDashboardDecl>;
