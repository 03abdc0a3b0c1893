import { VOT_PATIENT_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/** Every role against the dose ledger's endpoints: the patient view's ledger and its counted days, the missed-dose list and its export (vot-status). */
const ENDPOINTS: Endpoint[] = [
  ...endpointsOf([VOT_PATIENT_OPERATIONS.ledger, VOT_PATIENT_OPERATIONS.ledgerDays]),
  { resource: 'vot-status', action: 'read', method: 'GET', url: '/api/v1/patients?page=1&missed_doses=true' },
  { resource: 'vot-status', action: 'export', method: 'GET', url: '/api/v1/patients-export?missed_doses=true' },
];

await describeRoleMatrix('dose ledger', ENDPOINTS);
