import { lazy } from 'react';
import { CROSS_APP_PATHS, type RouteDecl } from '@vot/shared/contract';
import { FIGURE_DEFINITIONS_PATH } from './features/figures/path';
import { NOT_COUNTED_PATH } from './features/vot-report/not-counted/path';

// The dashboards' pages, with Highcharts, load only when a dashboard route is visited.
const Dashboards = () => import('./features/dashboards/pages');

/**
 * The remote's route table: module.ts (module.json) and app.tsx read it, so a path is written once.
 */
export const routes = {
  votReport: {
    path: '/admin/VOT-Report',
    permission: { resource: 'reports', action: 'read' },
    page: lazy(() => import('./features/vot-report/VotReportPage')),
    menu: { group: 'Report', label: 'VOT Report', icon: 'pi pi-table' },
  },
  votReportNotCounted: {
    path: NOT_COUNTED_PATH,
    permission: { resource: 'reports', action: 'read' },
    page: lazy(() => import('./features/vot-report/not-counted/NotCountedPage')),
  },
  figureDefinitions: {
    path: FIGURE_DEFINITIONS_PATH,
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => import('./features/figures/FigureDefinitions')),
  },
  volunteerVirtualization: {
    path: CROSS_APP_PATHS.volunteerDashboard,
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => Dashboards().then((m) => ({ default: m.VolunteerDashboard }))),
    menu: { group: 'Report', label: 'Volunteer Dashboard', icon: 'pi pi-chart-pie' },
  },
  patientVirtualization: {
    path: CROSS_APP_PATHS.patientDashboard,
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => Dashboards().then((m) => ({ default: m.PatientDashboard }))),
    menu: { group: 'Report', label: 'Patient Dashboard', icon: 'pi pi-chart-pie' },
  },
  dotStatusVirtualization: {
    path: CROSS_APP_PATHS.dotStatusDashboard,
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => Dashboards().then((m) => ({ default: m.DotStatusDashboard }))),
    menu: { group: 'Report', label: 'VOT Status Dashboard', icon: 'pi pi-chart-bar' },
  },
  activityVirtualization: {
    path: '/admin/activity-virtualization',
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => Dashboards().then((m) => ({ default: m.ActivityDashboard }))),
    menu: { group: 'Report', label: 'Activity Dashboard', icon: 'pi pi-chart-line' },
  },
  monthlyVolunteerReportVisualization: {
    path: '/admin/monthly-volunteer-report-visualization',
    permission: { resource: 'dashboards', action: 'read' },
    page: lazy(() => Dashboards().then((m) => ({ default: m.MonthlyVolunteerReport }))),
    menu: { group: 'Report', label: 'Monthly Volunteer Report', icon: 'pi pi-calendar' },
  },
} satisfies Record<string, RouteDecl>;
