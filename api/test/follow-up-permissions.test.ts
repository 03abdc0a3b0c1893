import { describeRoleMatrix, type Endpoint } from './role-matrix';

/**
 * Every role against every endpoint of the missed-dose worklist: the worklist, its export, a
 * patient's history and a new action. The server allows exactly what the shared matrix says and
 * refuses the rest with 403 before it reads or validates anything.
 */
const X = 999999;

const ENDPOINTS: Endpoint[] = [
  { resource: 'follow-ups', action: 'read', method: 'GET', url: '/api/v1/follow-ups?page=1' },
  { resource: 'follow-ups', action: 'read', method: 'GET', url: `/api/v1/follow-ups/${X}` },
  { resource: 'follow-ups', action: 'export', method: 'GET', url: '/api/v1/follow-ups-export' },
  { resource: 'follow-ups', action: 'create', method: 'POST', url: '/api/v1/follow-ups' },
];

await describeRoleMatrix('follow-up', ENDPOINTS);
