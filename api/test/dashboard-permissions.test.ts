import { describeRoleMatrix, type Endpoint } from './role-matrix';

/** Every role against every dashboard call: the server allows exactly what the matrix says (dashboards: read). */
const ENDPOINTS: Endpoint[] = ['volunteer', 'patient', 'dot-status', 'activity', 'volunteer-report'].map((name) => ({
  resource: 'dashboards',
  action: 'read',
  method: 'GET',
  url: `/api/v1/${name}-dashboard?start_date=2024-01-01&end_date=2024-03-31`,
}));

await describeRoleMatrix('dashboard', ENDPOINTS);
