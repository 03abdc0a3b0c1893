import { describeRoleMatrix, type Endpoint } from './role-matrix';

/**
 * Every role against every visit-screen endpoint (vot-status): the visit lists, one record, the
 * dashboard record's remark and delete, the no-app grid's calls and every visit export.
 */
const X = 999999;

const ENDPOINTS: Endpoint[] = [
  ...['DOTs', 'all-DOTs', 'NoVolunteer-DOTs', 'NoApp-DOTs', 'DOT'].map((path): Endpoint => ({
    resource: 'vot-status',
    action: 'read',
    method: 'GET',
    url: `/api/v1/${path}/${X}?page=1`,
  })),
  { resource: 'vot-status', action: 'update', method: 'POST', url: `/api/v1/DOT/${X}?_method=PUT` },
  { resource: 'vot-status', action: 'delete', method: 'DELETE', url: `/api/v1/DOT/${X}` },
  { resource: 'vot-status', action: 'create', method: 'POST', url: '/api/v1/NoApp-DOTs' },
  { resource: 'vot-status', action: 'update', method: 'GET', url: `/api/v1/change-status-NoApp-DOTs/${X}` },
  { resource: 'vot-status', action: 'update', method: 'GET', url: `/api/v1/delete-status-NoApp-DOTs/${X}` },
  { resource: 'vot-status', action: 'delete', method: 'DELETE', url: `/api/v1/NoApp-DOTs/${X}` },
  ...['export-DOTs', 'export-all-DOTs', 'export-NoApp-DOTs'].map((path): Endpoint => ({
    resource: 'vot-status',
    action: 'export',
    method: 'GET',
    url: `/api/v1/${path}/${X}`,
  })),
  { resource: 'vot-status', action: 'export', method: 'GET', url: '/api/v1/export-all-patient-DOTs' },
];

await describeRoleMatrix('visit screens', ENDPOINTS);
