import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every endpoint of the accounts and basic-data group: the server allows exactly what the
 * shared matrix (and so docs/permissions.md) says, and refuses the rest with 403 before it reads
 * or validates anything.
 */
const ENDPOINTS: Endpoint[] = endpointsOf(Object.values(BASIC_DATA_OPERATIONS).flatMap((ops) => Object.values(ops)));

ENDPOINTS.push(
  { resource: 'accounts', action: 'read', method: 'GET', url: '/api/v1/users?page=1' },
  { resource: 'accounts', action: 'read', method: 'GET', url: '/api/v1/users/999999' },
  { resource: 'accounts', action: 'create', method: 'POST', url: '/api/v1/io-register' },
  { resource: 'accounts', action: 'update', method: 'POST', url: '/api/v1/users/999999?_method=PUT' },
  { resource: 'accounts', action: 'update', method: 'POST', url: '/api/v1/email-users/999999?_method=PUT' },
  { resource: 'accounts', action: 'delete', method: 'DELETE', url: '/api/v1/users/999999' },
);

await describeRoleMatrix('basic data and accounts', ENDPOINTS);
