import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROLES } from '@vot/shared/domain';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { backends, useApp } from './helpers';

/**
 * Every role against every endpoint of volunteers, the volunteer trash and trainings: the server
 * allows exactly what the shared matrix says and refuses the rest with 403 before it reads or
 * validates anything. The one list route answers the trash with ?status=0 under trash/read.
 */
const ENDPOINTS: { resource: Resource; action: Action; method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [
  { resource: 'volunteers', action: 'read', method: 'GET', url: '/api/v1/volunteers?page=1' },
  { resource: 'volunteers', action: 'read', method: 'GET', url: '/api/v1/volunteers/999999' },
  { resource: 'volunteers', action: 'create', method: 'POST', url: '/api/v1/volunteers' },
  { resource: 'volunteers', action: 'update', method: 'POST', url: '/api/v1/volunteers/999999?_method=PUT' },
  { resource: 'volunteers', action: 'delete', method: 'GET', url: '/api/v1/volunteers-delete/999999' },
  { resource: 'volunteers', action: 'export', method: 'GET', url: '/api/v1/volunteers-export' },
  { resource: 'trash', action: 'read', method: 'GET', url: '/api/v1/volunteers?status=0&page=1' },
  { resource: 'trash', action: 'update', method: 'GET', url: '/api/v1/volunteers-recover/999999' },
  { resource: 'trash', action: 'delete', method: 'DELETE', url: '/api/v1/volunteers/999999' },
  { resource: 'trainings', action: 'read', method: 'GET', url: '/api/v1/volunteer-trainings/999999?page=1' },
  { resource: 'trainings', action: 'read', method: 'GET', url: '/api/v1/trainings/999999' },
  { resource: 'trainings', action: 'export', method: 'GET', url: '/api/v1/volunteer-trainings-export/999999' },
  { resource: 'trainings', action: 'create', method: 'POST', url: '/api/v1/trainings' },
  { resource: 'trainings', action: 'update', method: 'POST', url: '/api/v1/trainings/999999?_method=PUT' },
  { resource: 'trainings', action: 'delete', method: 'DELETE', url: '/api/v1/trainings/999999' },
];

for (const backend of await backends()) {
  describe(`volunteers role × endpoint on ${backend.name}`, () => {
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
