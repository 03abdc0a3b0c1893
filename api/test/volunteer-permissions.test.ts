import { TRAINING_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every endpoint of volunteers, the volunteer trash and trainings: the server
 * allows exactly what the shared matrix says and refuses the rest with 403 before it reads or
 * validates anything. The one list route answers the trash with ?status=0 under trash/read.
 */
const ENDPOINTS: Endpoint[] = [
  { resource: 'volunteers', action: 'read', method: 'GET', url: '/api/v1/volunteers?page=1' },
  { resource: 'volunteers', action: 'read', method: 'GET', url: '/api/v1/volunteers/999999' },
  { resource: 'volunteers', action: 'create', method: 'POST', url: '/api/v1/volunteers' },
  { resource: 'volunteers', action: 'update', method: 'POST', url: '/api/v1/volunteers/999999?_method=PUT' },
  { resource: 'volunteers', action: 'update', method: 'POST', url: '/api/v1/volunteers/999999/reset-password' },
  { resource: 'volunteers', action: 'delete', method: 'GET', url: '/api/v1/volunteers-delete/999999' },
  { resource: 'volunteers', action: 'export', method: 'GET', url: '/api/v1/volunteers-export' },
  { resource: 'trash', action: 'read', method: 'GET', url: '/api/v1/volunteers?status=0&page=1' },
  { resource: 'trash', action: 'read', method: 'GET', url: '/api/v1/volunteers?status[]=0&page=1' },
  { resource: 'trash', action: 'update', method: 'GET', url: '/api/v1/volunteers-recover/999999' },
  { resource: 'trash', action: 'delete', method: 'DELETE', url: '/api/v1/volunteers/999999' },
];

await describeRoleMatrix('volunteers, trash and trainings', [
  ...ENDPOINTS,
  ...endpointsOf(Object.values(TRAINING_OPERATIONS), 'page=1'),
]);
