import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROLES } from '@vot/shared/domain';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { backends, useApp } from './helpers';

/**
 * Every role against every handouts and community-activities endpoint: the server allows exactly
 * what the shared matrix says and refuses the rest with 403 before it reads or validates anything
 * (an upload is not even received). The handout file links are not here: they need no token, the
 * signature is their credential (handouts.test.ts).
 */
const ENDPOINTS: { resource: Resource; action: Action; method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [];
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

for (const backend of await backends()) {
  describe(`role × handouts and activities endpoint on ${backend.name}`, () => {
    const t = useApp(backend);

    it(`answers ${ROLES.length} roles × ${ENDPOINTS.length} endpoints as the matrix says`, async () => {
      const wrong: string[] = [];
      for (const role of ROLES) {
        const client = await t.signInAs(role);
        for (const e of ENDPOINTS) {
          // An empty body: allowed writes stop at validation (400) or at the missing record (404).
          const res = await client.inject({ method: e.method, url: e.url, payload: e.method === 'POST' ? {} : undefined });
          const allowed = can({ role }, e.resource, e.action);
          const ok = allowed ? res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
          if (!ok) wrong.push(`${role} ${e.method} ${e.url}: ${res.statusCode} (matrix says ${allowed ? 'allow' : 'deny'})`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    it('refuses every endpoint without a token', async () => {
      for (const e of ENDPOINTS) assert.equal((await t.app.inject({ method: e.method, url: e.url })).statusCode, 401, e.url);
    });
  });
}
