import { TRAINING_OPERATIONS, VOLUNTEER_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every endpoint of volunteers, the volunteer trash and trainings: the server
 * allows exactly what the shared matrix says and refuses the rest with 403 before it reads or
 * validates anything. The one list route answers the trash with ?status=0 under trash/read.
 */
const ENDPOINTS: Endpoint[] = [
  { resource: 'volunteers', action: 'read', method: 'GET', url: '/api/v1/volunteers?page=1' },
  { resource: 'trash', action: 'read', method: 'GET', url: '/api/v1/volunteers?status=0&page=1' },
  { resource: 'trash', action: 'read', method: 'GET', url: '/api/v1/volunteers?status[]=0&page=1' },
];

await describeRoleMatrix('volunteers, trash and trainings', [
  ...ENDPOINTS,
  ...endpointsOf(Object.values(VOLUNTEER_OPERATIONS).filter((op) => !op.byList)),
  ...endpointsOf(Object.values(TRAINING_OPERATIONS), 'page=1'),
]);
