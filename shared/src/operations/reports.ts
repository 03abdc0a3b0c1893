import type { AnyObjectSchema } from 'yup';
// The schemas' own files, not their index: the shell's home cards read the dashboards without every form's schema.
import {
  dashboardQuery,
  volunteerReportQuery,
  type ActivityDashboard,
  type DashboardAnswers,
  type DashboardCall,
  type DotStatusDashboard,
  type PatientDashboard,
  type VolunteerDashboard,
  type VolunteerReportDashboard,
} from '../schemas/dashboards';
import { votReportFilterSchema, type NotCountedPatient, type VotReport } from '../schemas/vot-report';
import { item, list, operation, whole, type ItemResponse, type Operation } from './operation';

const dashboards = { resource: 'dashboards', action: 'read' } as const;
const reports = { resource: 'reports', action: 'read' } as const;

/** SPEC.md §7 "Reports and dashboards": the five dashboards' figures, the VOT report and its patients in no row. */
export const REPORT_OPERATIONS = {
  volunteerDashboard: operation({
    method: 'GET',
    path: '/volunteer-dashboard',
    permission: dashboards,
    summary: 'Volunteers who joined in the period (first training), reported and trained in it',
    query: dashboardQuery,
    answer: item<VolunteerDashboard>('VolunteerDashboard'),
  }),
  patientDashboard: operation({
    method: 'GET',
    path: '/patient-dashboard',
    permission: dashboards,
    summary: 'Patients registered (treatment start) in the period',
    query: dashboardQuery,
    answer: item<PatientDashboard>('PatientDashboard'),
  }),
  dotStatusDashboard: operation({
    method: 'GET',
    path: '/dot-status-dashboard',
    permission: dashboards,
    summary: 'Patients on treatment from a day of the period, by where they are in VOT',
    query: dashboardQuery,
    answer: item<DotStatusDashboard>('DotStatusDashboard'),
  }),
  activityDashboard: operation({
    method: 'GET',
    path: '/activity-dashboard',
    permission: dashboards,
    summary: 'Activities and doses taken in the period',
    query: dashboardQuery,
    answer: item<ActivityDashboard>('ActivityDashboard'),
  }),
  volunteerReportDashboard: operation({
    method: 'GET',
    path: '/volunteer-report-dashboard',
    permission: dashboards,
    summary: "The volunteers' seven indicators in the period",
    query: volunteerReportQuery,
    answer: item<VolunteerReportDashboard>('VolunteerReportDashboard'),
  }),
  votReport: operation({
    method: 'GET',
    path: '/VOT-report',
    permission: reports,
    summary: 'The VOT report: a row per township and cohort quarter (groups 1–8)',
    query: votReportFilterSchema,
    answer: whole<VotReport>('VotReport'),
  }),
  votReportNotCounted: operation({
    method: 'GET',
    path: '/VOT-report-not-counted',
    permission: reports,
    summary: "The screened patients of the user's townships that no VOT report counts in a row, and why",
    paged: true,
    answer: list<NotCountedPatient>('NotCountedPatient'),
  }),
};

/** The dashboards by their call's name (the pages' and the home cards' declarations name them so), each typed with its answer. */
export const DASHBOARD_OPERATIONS: {
  [C in DashboardCall]: Operation<`/${C}`, AnyObjectSchema, ItemResponse<DashboardAnswers[C]>, undefined>;
} = {
  'volunteer-dashboard': REPORT_OPERATIONS.volunteerDashboard,
  'patient-dashboard': REPORT_OPERATIONS.patientDashboard,
  'dot-status-dashboard': REPORT_OPERATIONS.dotStatusDashboard,
  'activity-dashboard': REPORT_OPERATIONS.activityDashboard,
  'volunteer-report-dashboard': REPORT_OPERATIONS.volunteerReportDashboard,
};

/** A dashboard's operation by its call's name, typed with that call's answer (for pages generic in the call). */
export const dashboardOperation = <C extends DashboardCall>(
  name: C,
): Operation<string, AnyObjectSchema, ItemResponse<DashboardAnswers[C]>, undefined> => DASHBOARD_OPERATIONS[name];
