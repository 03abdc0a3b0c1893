import { INVESTIGATION_OPERATIONS, PATIENT_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every patient endpoint: each list (and its export) under the resource of its
 * category, and every other declared patient operation (registration, the detail screens' updates, the
 * investigations, the patient trash).
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
  // The registration without an SP code is POST patients flagged by its query.
  { resource: 'patients', action: 'create', method: 'POST', url: '/api/v1/patients?NO_SP_CODE=true' },
  ...endpointsOf(
    [...Object.values(PATIENT_OPERATIONS), ...Object.values(INVESTIGATION_OPERATIONS)].filter(
      (op) => !op.byList && op !== PATIENT_OPERATIONS.createNoSps,
    ),
  ),
];

await describeRoleMatrix('patients, VOT eligible, clinic list and patient trash', ENDPOINTS);
