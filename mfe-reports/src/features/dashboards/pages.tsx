import { DashboardPage } from './DashboardPage';
import { DASHBOARDS } from './dashboards';
import { MONTHLY_VOLUNTEER_REPORT } from './monthly-report';

/** The five dashboard pages: one page component over five declarations (routes.ts loads this lazily). */
export const VolunteerDashboard = () => <DashboardPage dashboard={DASHBOARDS.volunteer} />;
export const PatientDashboard = () => <DashboardPage dashboard={DASHBOARDS.patient} />;
export const DotStatusDashboard = () => <DashboardPage dashboard={DASHBOARDS.dotStatus} />;
export const ActivityDashboard = () => <DashboardPage dashboard={DASHBOARDS.activity} />;
export const MonthlyVolunteerReport = () => <DashboardPage dashboard={MONTHLY_VOLUNTEER_REPORT} />;
