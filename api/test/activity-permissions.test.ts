import { describeRoleMatrix, type Endpoint } from './role-matrix';

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
ENDPOINTS.push(
  { resource: 'activities', action: 'read', method: 'GET', url: '/api/v1/communities?page=1' },
  { resource: 'activities', action: 'read', method: 'GET', url: '/api/v1/communities/999999' },
  { resource: 'activities', action: 'create', method: 'POST', url: '/api/v1/communities' },
  { resource: 'activities', action: 'update', method: 'POST', url: '/api/v1/communities/999999?_method=PUT' },
  { resource: 'activities', action: 'delete', method: 'DELETE', url: '/api/v1/communities/999999' },
);

await describeRoleMatrix('handouts and activities', ENDPOINTS);
