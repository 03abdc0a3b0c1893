import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APP_OPERATIONS, OPERATIONS, SESSION_OPERATIONS } from '@vot/shared/operations';
import { OPENAPI_PATH } from '../src/app';
import { backends, useApp } from './helpers';

type Served = { summary?: string; 'x-permission'?: string; security?: Record<string, string[]>[] };
type Doc = { paths: Record<string, Record<string, Served>> };

/**
 * Each operation declared in @vot/shared is served as declared: its method and path are a route
 * of the API, and the OpenAPI document gives it its summary and its permission.
 */
const [backend] = await backends();
describe('declared operations', () => {
  const t = useApp(backend!);

  it('are each a route of the API, with the declared method and path', () => {
    assert.ok(OPERATIONS.length > 0);
    for (const op of OPERATIONS)
      assert.ok(t.app.hasRoute({ method: op.method, url: `/api/v1${op.path}` }), `${op.method} ${op.path}`);
  });

  it('are each in the OpenAPI document with their summary and permission', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as Doc;
    for (const op of OPERATIONS) {
      const served = doc.paths[`/api/v1${op.path}`.replace(/:(\w+)/g, '{$1}')]?.[op.method.toLowerCase()];
      assert.equal(served?.summary, op.summary, `${op.method} ${op.path}`);
      // A list whose query decides its permission checks it as it reads, not before.
      const permission = op.byList ? undefined : `${op.permission.resource}/${op.permission.action}`;
      assert.equal(served?.['x-permission'], permission, `${op.method} ${op.path}`);
    }
  });

  it("phone-app operations are each a route, in the document with their caller's check and no permission", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as Doc;
    assert.ok(APP_OPERATIONS.length > 0);
    for (const op of APP_OPERATIONS) {
      assert.ok(t.app.hasRoute({ method: op.method, url: `/api/v1${op.path}` }), `${op.method} ${op.path}`);
      const served = doc.paths[`/api/v1${op.path}`.replace(/:(\w+)/g, '{$1}')]?.[op.method.toLowerCase()];
      assert.equal(served?.summary, op.summary, `${op.method} ${op.path}`);
      assert.deepEqual(served?.security, op.caller === 'device' ? [] : [{ app: [] }]);
      assert.equal(served?.['x-permission'], undefined);
    }
  });

  it("a staff session's own operations are each a route, open or a staff token's, and no permission", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as Doc;
    for (const op of Object.values(SESSION_OPERATIONS)) {
      assert.ok(t.app.hasRoute({ method: op.method, url: `/api/v1${op.path}` }), `${op.method} ${op.path}`);
      const served = doc.paths[`/api/v1${op.path}`]?.[op.method.toLowerCase()];
      assert.equal(served?.summary, op.summary, `${op.method} ${op.path}`);
      assert.deepEqual(served?.security, op.caller === 'anyone' ? [] : [{ staff: [] }], op.path);
      assert.equal(served?.['x-permission'], undefined);
    }
  });
});
