import { COMMUNITY_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every handouts and community-activities endpoint: the server allows exactly
 * what the shared matrix says and refuses the rest with 403 before it reads or validates anything
 * (an upload is not even received). The handout file links are not here: they need no token, the
 * signature is their credential (handouts.test.ts).
 */
const ENDPOINTS: Endpoint[] = [];
for (const kind of ['volunteer', 'patient']) {
  ENDPOINTS.push(
    { resource: 'handouts', action: 'read', method: 'GET', url: `/api/v1/${kind}-handouts` },
    { resource: 'handouts', action: 'read', method: 'GET', url: `/api/v1/${kind}-handouts/999999` },
    { resource: 'handouts', action: 'create', method: 'POST', url: `/api/v1/${kind}-handouts` },
    { resource: 'handouts', action: 'update', method: 'POST', url: `/api/v1/${kind}-handouts/999999?_method=PUT` },
  );
}
ENDPOINTS.push(...endpointsOf(Object.values(COMMUNITY_OPERATIONS), 'page=1'));

await describeRoleMatrix('handouts and activities', ENDPOINTS);
