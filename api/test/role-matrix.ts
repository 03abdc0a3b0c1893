import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROLES } from '@vot/shared/domain';
import type { Operation } from '@vot/shared/operations';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { asUpdate, backends, useApp } from './helpers';

export interface Endpoint {
  resource: Resource;
  action: Action;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
}

/**
 * The endpoints of declared operations (@vot/shared/operations), each with the query it is called
 * with; an update also as the browser sends it (POST ?_method=PUT). Parameters name no record.
 */
export function endpointsOf(operations: Operation[], query = ''): Endpoint[] {
  return operations.flatMap((op) => {
    const url = `/api/v1${op.path.replace(/:\w+/g, '999999')}`;
    const endpoint = { ...op.permission, method: op.method, url: query && op.query ? `${url}?${query}` : url };
    return op.method === 'PUT' ? [endpoint, { ...endpoint, method: 'POST' as const, url: asUpdate(url) }] : [endpoint];
  });
}

/**
 * Every role against every endpoint of a group, on each database: the server allows exactly what
 * the shared matrix (and so docs/permissions.md) says, refuses the rest with 403 before it reads
 * or validates anything, and refuses everything without a token.
 */
export async function describeRoleMatrix(group: string, endpoints: Endpoint[]): Promise<void> {
  for (const backend of await backends()) {
    describe(`role × ${group} endpoint on ${backend.name}`, () => {
      const t = useApp(backend);

      it(`answers ${ROLES.length} roles × ${endpoints.length} endpoints as the matrix says`, async () => {
        const wrong: string[] = [];
        for (const role of ROLES) {
          const client = await t.signInAs(role);
          for (const e of endpoints) {
            // An empty body: allowed writes stop at validation (400) or at the missing record (404).
            const res = await client.inject({
              method: e.method,
              url: e.url,
              payload: e.method === 'POST' || e.method === 'PUT' ? {} : undefined,
            });
            const allowed = can({ role }, e.resource, e.action);
            const ok = allowed ? res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
            if (!ok)
              wrong.push(`${role} ${e.method} ${e.url}: ${res.statusCode} (matrix says ${allowed ? 'allow' : 'deny'})`);
          }
        }
        assert.deepEqual(wrong, []);
      });

      it('refuses every endpoint without a token', async () => {
        for (const e of endpoints)
          assert.equal((await t.app.inject({ method: e.method, url: e.url })).statusCode, 401, e.url);
      });
    });
  }
}
