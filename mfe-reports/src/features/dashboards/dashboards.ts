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
  /** Which date of the records the period is applied to, figure by figure (shown under the filters; docs/figures.md). */
  dates: { figures: string; date: string }[];
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
    dates: [
      {
        figures: 'Volunteers by township, age and education',
        date: 'the day they joined: their first training, or the day they were entered if never trained',
      },
      { figures: 'Reported volunteers', date: 'the date of their own visits, video reviews and community activities' },
      { figures: 'Trained volunteers', date: 'the training date' },
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
    dates: [
      { figures: 'Patients', date: 'treatment start date, or the day entered for a patient not started on treatment' },
      { figures: 'The four pies', date: 'treatment start date (the patients who started treatment in the period)' },
      { figures: 'Case finding', date: 'the community activity’s date' },
    ],
  },
  dotStatus: {
    title: 'VOT Status Dashboard',
    call: 'dot-status-dashboard',
    groups: [
      {
        title: 'VOT status',
        field: [
          'with_volunteers',
          'without_volunteers',
          'VOT_completed',
          'VOT_stopped',
          'No_DOTs',
          'awaiting_decision',
        ],
        kind: 'pie',
      },
    ],
    dates: [
      {
        figures: 'VOT status (as it stands today)',
        date: 'treatment start date, or the VOT start date when no treatment start was recorded',
      },
    ],
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
    dates: [
      { figures: 'Take medicines', date: 'the day of each dose observed (days observed, by the dose ledger)' },
      { figures: 'Health education, contact tracing, supervision, community activities', date: 'the activity’s date' },
    ],
  },
} satisfies Record<string, AnyDashboardDecl>;
