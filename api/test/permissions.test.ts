import { ACCOUNT_OPERATIONS, BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every endpoint of the accounts and basic-data group: the server allows exactly what the
 * shared matrix (and so docs/permissions.md) says, and refuses the rest with 403 before it reads
 * or validates anything.
 */
const ENDPOINTS: Endpoint[] = endpointsOf(Object.values(BASIC_DATA_OPERATIONS).flatMap((ops) => Object.values(ops)));

ENDPOINTS.push(...endpointsOf(Object.values(ACCOUNT_OPERATIONS), 'page=1'));

await describeRoleMatrix('basic data and accounts', ENDPOINTS);
