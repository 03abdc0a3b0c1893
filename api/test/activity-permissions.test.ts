import { COMMUNITY_OPERATIONS, HANDOUT_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/**
 * Every role against every handouts and community-activities endpoint: the server allows exactly
 * what the shared matrix says and refuses the rest with 403 before it reads or validates anything
 * (an upload is not even received). The handout file links are not here: they need no token, the
 * signature is their credential (handouts.test.ts).
 */
const ENDPOINTS = endpointsOf(
  [...Object.values(HANDOUT_OPERATIONS).flatMap((ops) => Object.values(ops)), ...Object.values(COMMUNITY_OPERATIONS)],
  'page=1',
);

await describeRoleMatrix('handouts and activities', ENDPOINTS);
