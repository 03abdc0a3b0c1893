import { describeRoleMatrix, type Endpoint } from './role-matrix';

/** Every role against the dose ledger's endpoints: the patient view's ledger and its counted days, the missed-dose list and its export (vot-status). */
const ENDPOINTS: Endpoint[] = [
  { resource: 'vot-status', action: 'read', method: 'GET', url: '/api/v1/DOT-ledger/999999' },
  { resource: 'vot-status', action: 'read', method: 'GET', url: '/api/v1/DOT-ledger-days/999999' },
  { resource: 'vot-status', action: 'read', method: 'GET', url: '/api/v1/patients?page=1&missed_doses=true' },
  { resource: 'vot-status', action: 'export', method: 'GET', url: '/api/v1/patients-export?missed_doses=true' },
];

await describeRoleMatrix('dose ledger', ENDPOINTS);
