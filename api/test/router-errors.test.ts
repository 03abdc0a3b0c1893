import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { volunteers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { createTownships, createVolunteer } from './fixtures';
import { PASSWORD, backends, clientFor, testConfig, useApp } from './helpers';

/**
 * Errors raised before a route runs — by the router (a malformed escape, a parameter past its
 * length, no such route), by the body parser (too large, wrong type, bad JSON) or by Node's HTTP
 * parser — leave as `{ message }` with the headers every answer carries, and a NUL byte in a
 * path parameter is a 404, never a 500.
 */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body'> & { headers: Record<string, unknown> };

function assertAnswer(res: Answer, status: number, what: string) {
  assert.equal(res.statusCode, status, `${what}: ${res.statusCode} ${res.body}`);
  assert.equal(res.headers['cache-control'], 'no-store', what);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  assert.equal(typeof body.message, 'string', what);
  assert.deepEqual(
    Object.keys(body).filter((k) => k !== 'errors'),
    ['message'],
    `${what}: ${res.body}`,
  );
}

/** Sends raw bytes to the listening API and reads the whole answer (the connection is closed after it). */
function rawRequest(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [status, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ statusCode: Number(status!.split(' ')[1]), headers, body });
    });
  });
}

for (const backend of await backends()) {
  describe(`errors before a route on ${backend.name}`, () => {
    const t = useApp(backend);

    it('router and body parser errors carry the shape and headers of every answer', async () => {
      const admin = await t.signInAs('Admin');
      const json = { 'content-type': 'application/json' };
      const cases: [string, Promise<Answer>, number][] = [
        ['malformed escape', admin.get('%zz'), 400],
        ['malformed escape in a parameter', admin.get('patients/%E0%A4%A'), 400],
        ['parameter past its length', admin.get(`patients/${'9'.repeat(200)}`), 414],
        ['no such route', admin.get('nothing-here'), 404],
        ['no such method', admin.inject({ method: 'PATCH', url: '/api/v1/regions' }), 404],
        ['bad JSON', admin.inject({ method: 'POST', url: '/api/v1/regions', payload: '{"name":', headers: json }), 400],
        [
          'body too large',
          admin.inject({
            method: 'POST',
            url: '/api/v1/regions',
            payload: `"${'x'.repeat(3_000_000)}"`,
            headers: json,
          }),
          413,
        ],
        [
          'unsupported type',
          admin.inject({ method: 'POST', url: '/api/v1/regions', payload: 'x', headers: { 'content-type': 'text/x' } }),
          415,
        ],
        ['NUL in an id', admin.get('regions/%00'), 404],
      ];
      for (const [what, answer, status] of cases) assertAnswer(await answer, status, what);
    });

    it('a NUL byte or junk as a visit uuid is a 404, not a 500', async () => {
      const { hty } = await createTownships(t, { hty: 'Hlaingthaya' });
      const id = await createVolunteer(t, 'Daw Aye', hty);
      const password_hash = await hashPassword(PASSWORD, testConfig().scrypt);
      const [row] = await t.handle.db
        .update(volunteers)
        .set({ password_hash })
        .where(eq(volunteers.id, id))
        .returning({ code: volunteers.code });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/app/login',
        payload: { kind: 'volunteer', code: row!.code, password: PASSWORD },
      });
      assert.equal(login.statusCode, 200, login.body);
      const phone = clientFor(t.app, login.json().access_token);
      for (const uuid of ['%00', 'a%00b', 'not-a-uuid', `${'0'.repeat(8)}-0000-0000-0000-00000000000%00`])
        assertAnswer(await phone.get(`app/DOTs/${uuid}`), 404, uuid);
      // Without a token the session check answers first, as for any app route.
      assertAnswer(await t.app.inject({ method: 'GET', url: '/api/v1/app/DOTs/%00' }), 401, 'no token');
    });

    it("over real HTTP: the router's errors and Node's parser errors carry the headers too", async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const get = async (path: string): Promise<Answer> => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      };
      assertAnswer(await get('/api/v1/%zz'), 400, 'malformed escape');
      assertAnswer(await get('/api/v1/nothing-here'), 404, 'no such route');
      const big = await fetch(`http://127.0.0.1:${port}/api/v1/io-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `"${'x'.repeat(3_000_000)}"`,
      }).catch(() => null);
      // The API may close the connection while the body is still being sent; when the answer arrives it is the 413.
      if (big)
        assertAnswer(
          { statusCode: big.status, headers: Object.fromEntries(big.headers), body: await big.text() },
          413,
          'too large',
        );
      assertAnswer(await rawRequest(port, 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'), 400, 'bad HTTP');
      assertAnswer(
        await rawRequest(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(70_000)}\r\n\r\n`),
        431,
        'headers too large',
      );
    });
  });
}
