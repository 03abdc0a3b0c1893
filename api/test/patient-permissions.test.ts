import { INVESTIGATION_KINDS } from '@vot/shared/domain';
import { describeRoleMatrix, type Endpoint } from './role-matrix';

/**
 * Every role against every patient endpoint: each list (and its export) under the resource of its
 * category, registration, the detail screens' updates, the investigations and the patient trash.
 * The server allows exactly what the shared matrix says and refuses the rest with 403 before it
 * reads or validates anything. (dstb-patient-count answers every signed-in user with the lists
 * they may read: patients.test.ts.)
 */
const LISTS: [Endpoint['resource'], string][] = [
  ['patients', ''],
  ['patients', 'TB_patient=true'],
  ['patients', 'NO_SP_CODE=true'],
  ['patients', 'no_DOT=true'],
  ['vot-eligible', 'screened=true'],
  ['vot-eligible', 'VOT_eligible=Yes'],
  ['vot-eligible', 'VOT_accept=Yes'],
  ['vot-eligible', 'VOT_declined=true'],
  ['clinic-patients', 'clinic=true'],
  ['trash', 'status=0'],
  // The bracket spelling is the same parameter (lib/requests.ts queryParams): the same permission.
  ['clinic-patients', 'clinic[]=true'],
  ['trash', 'status[]=0'],
  ['trash', 'status%5B%5D=0'],
];

const ENDPOINTS: Endpoint[] = [
  ...LISTS.flatMap(([resource, query]): Endpoint[] => [
    { resource, action: 'read', method: 'GET', url: `/api/v1/patients?page=1&${query}` },
    { resource, action: 'export', method: 'GET', url: `/api/v1/patients-export?${query}` },
  ]),
  { resource: 'patients', action: 'read', method: 'GET', url: '/api/v1/patients/999999' },
  { resource: 'patients', action: 'create', method: 'POST', url: '/api/v1/patients' },
  { resource: 'patients', action: 'create', method: 'POST', url: '/api/v1/patients?NO_SP_CODE=true' },
  { resource: 'patients', action: 'create', method: 'GET', url: '/api/v1/latest-presumptive-TB-Number/999999' },
  { resource: 'patients', action: 'update', method: 'POST', url: '/api/v1/patients/999999?_method=PUT' },
  { resource: 'patients', action: 'update', method: 'POST', url: '/api/v1/patients/999999/reset-password' },
  { resource: 'patients', action: 'update', method: 'POST', url: '/api/v1/TB-conclusion/999999?_method=PUT' },
  ...INVESTIGATION_KINDS.map((kind): Endpoint => ({
    resource: 'patients',
    action: 'update',
    method: 'POST',
    url: `/api/v1/${kind}/999999?_method=PUT`,
  })),
  { resource: 'vot-eligible', action: 'update', method: 'POST', url: '/api/v1/VOT-eligible/999999?_method=PUT' },
  { resource: 'vot-eligible', action: 'update', method: 'POST', url: '/api/v1/VOT-accept/999999?_method=PUT' },
  { resource: 'vot-eligible', action: 'update', method: 'POST', url: '/api/v1/report-period/999999?_method=PUT' },
  { resource: 'patients', action: 'delete', method: 'GET', url: '/api/v1/patients-delete/999999' },
  { resource: 'trash', action: 'update', method: 'GET', url: '/api/v1/patients-recover/999999' },
  { resource: 'trash', action: 'delete', method: 'DELETE', url: '/api/v1/patients/999999' },
];

await describeRoleMatrix('patients, VOT eligible, clinic list and patient trash', ENDPOINTS);
