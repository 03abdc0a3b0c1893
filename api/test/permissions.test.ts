import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROLES } from '@vot/shared/domain';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { backends, useApp } from './helpers';

/**
 * Every role against every endpoint of the accounts and basic-data group: the server allows exactly what the
 * shared matrix (and so docs/permissions.md) says, and refuses the rest with 403 before it reads
 * or validates anything.
 */
const ENDPOINTS: { resource: Resource; action: Action; method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [];
for (const resource of ['regions', 'districts', 'townships', 'projects', 'medicines'] as const) {
  ENDPOINTS.push(
    { resource, action: 'read', method: 'GET', url: `/api/v1/${resource}?page=1` },
    { resource, action: 'read', method: 'GET', url: `/api/v1/${resource}/999999` },
    { resource, action: 'create', method: 'POST', url: `/api/v1/${resource}` },
    { resource, action: 'update', method: 'POST', url: `/api/v1/${resource}/999999?_method=PUT` },
    { resource, action: 'delete', method: 'DELETE', url: `/api/v1/${resource}/999999` },
  );
}

ENDPOINTS.push(
  { resource: 'accounts', action: 'read', method: 'GET', url: '/api/v1/users?page=1' },
  { resource: 'accounts', action: 'read', method: 'GET', url: '/api/v1/users/999999' },
  { resource: 'accounts', action: 'create', method: 'POST', url: '/api/v1/io-register' },
  { resource: 'accounts', action: 'update', method: 'POST', url: '/api/v1/users/999999?_method=PUT' },
  { resource: 'accounts', action: 'update', method: 'POST', url: '/api/v1/email-users/999999?_method=PUT' },
  { resource: 'accounts', action: 'delete', method: 'DELETE', url: '/api/v1/users/999999' },
);

for (const backend of await backends()) {
  describe(`role × endpoint on ${backend.name}`, () => {
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
