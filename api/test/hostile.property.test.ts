import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@vot/shared/domain';
import { TEXT_MAX } from '@vot/shared/schemas';
import { assignTownships, createTownships, createVolunteer } from './fixtures';
import { backends, useApp, type Client, type TestApp } from './helpers';

/**
 * Property-based: requests as a signed-in role might send them, with junk in the body, the query
 * and the path, to every route the API has (read from the app itself, so a new route is covered
 * the day it lands). Runs are bounded (numRuns) so `npm test` stays fast; a failure prints its seed
 * and the shrunk request, which `fc.assert(..., { seed, path })` replays.
 */

/** More runs for a hunt: FC_RUNS=5000 node_modules/.bin/tsx --test test/hostile.property.test.ts */
const RUNS = Number(process.env.FC_RUNS ?? 400);
/** Tables that record the traffic itself, not data anyone entered. */
const TRAFFIC = new Set(['audit_log', 'sessions', 'login_failures', 'app_sessions', '__drizzle_migrations']);
/** Routes that end the caller's own session: fuzzing them would only sign the fuzzer out. */
const SIGN_OUT = /\/logout$/;

interface Route {
  url: string;
  method: string;
}

/** The app's routes from Fastify's own tree (printRoutes), each method on its own. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push({ url, method });
  }
  return routes;
}

/** Values no field takes: NUL bytes, text past every ceiling, objects and lists of them. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constant('x'.repeat(TEXT_MAX + 1)),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { minKeys: 1, maxKeys: 2 }), {
    minLength: 1,
    maxLength: 3,
  }),
);
/** Any JSON at all, as a client with a bug might send. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  junkValue,
  fc.jsonValue({ maxDepth: 2 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(1e308),
);
/** The fields the API's bodies have, so junk lands where validation looks, and strangers. */
const FIELDS = [
  'name',
  'email',
  'role',
  'project_id',
  'township_id',
  'township_ids',
  'region_id',
  'district_id',
  'abbreviation',
  'volunteer_id',
  'patient_id',
  'date',
  'type',
  'code',
  'phone1',
  'age',
  'gender',
  'address',
  'SP_code',
  'DRTB_code',
  'current_password',
  'new_password',
  'password',
  'status',
  'remark',
  'referrals',
  'month_year',
  'start_date',
  'end_date',
];
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
/** A body in which every field the route might read is junk (so nothing valid can be made of it). */
const junkBody = fc.dictionary(fc.constantFrom(...FIELDS), junkValue, { minKeys: 1, maxKeys: 6 }).chain((known) =>
  fc
    .dictionary(
      fc.string({ maxLength: 8 }).filter((k) => !FIELDS.includes(k)),
      anyValue,
      { maxKeys: 2 },
    )
    .map((extra) => ({ ...extra, ...known })),
);
/** Path parameters no record has: text, escapes, signs, numbers past any integer column. */
const junkParam = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('0', '-1', '1e308', 'NaN', '99999999999999999999', '%00', '1.5', '0x10', '%E0%A4%A'),
  fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(String),
);
const junkQuery = fc.dictionary(
  fieldName,
  fc.oneof(fc.string({ maxLength: 30 }), junkParam, fc.constant('x'.repeat(TEXT_MAX + 1))),
  { maxKeys: 4 },
);
/** How the body travels: JSON, or a content type the API does not take. */
const encoding = fc.constantFrom('json', 'json', 'json', 'text', 'form', 'broken-json');

const ROLES_SENDING: Role[] = [
  'Admin',
  'Field Officer',
  'MEAL and Digital Tool Manager',
  'Project Officer',
  'Data Assistant',
];

function withParams(url: string, param: string): string {
  return url.replace(/:[A-Za-z_]+/g, param);
}

function payloadOf(body: Record<string, unknown>, how: string): { payload: string; headers: Record<string, string> } {
  if (how === 'text') return { payload: JSON.stringify(body), headers: { 'content-type': 'text/plain' } };
  if (how === 'form') {
    const fields = Object.entries(body).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]);
    return {
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  if (how === 'broken-json')
    return { payload: JSON.stringify(body).slice(0, -1), headers: { 'content-type': 'application/json' } };
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

async function dataCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = (await t.handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    if (TRAFFIC.has(table_name)) continue;
    const res = (await t.handle.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    )) as unknown as { rows: { n: number }[] };
    counts[table_name] = res.rows[0]!.n;
  }
  return counts;
}

const [pglite] = await backends();
describe('hostile requests to every route (property-based, PGlite)', () => {
  const t = useApp(pglite!);
  let routes: Route[];
  let clients: Record<string, Client>;
  let townships: { mine: number; other: number };

  before(async () => {
    routes = routesOf(t.app).filter((r) => r.url.startsWith('/api/') && !SIGN_OUT.test(r.url));
    townships = await createTownships(t, { mine: 'Hlaingthaya', other: 'Dagon' });
    await assignTownships(t, 'Field Officer', [townships.mine]);
    await createVolunteer(t, 'Daw Aye (mine)', townships.mine);
    await createVolunteer(t, 'Daw Hla (other)', townships.other);
    clients = {};
    for (const role of ROLES_SENDING) clients[role] = await t.signInAs(role);
  });

  it('reads the routes from the app', () => {
    assert.ok(routes.length > 80, `${routes.length} routes`);
    assert.ok(routes.some((r) => r.url === '/api/v1/users/:id/reset-password' && r.method === 'POST'));
  });

  it('answers junk bodies, queries and paths with < 500, and creates nothing from them', async () => {
    const before = await dataCounts(t);
    const request = fc.record({
      route: fc.constantFrom(...routes),
      role: fc.constantFrom(...ROLES_SENDING),
      param: junkParam,
      query: junkQuery,
      body: junkBody,
      how: encoding,
    });
    await fc
      .assert(
        fc.asyncProperty(request, async ({ route, role, param, query, body, how }) => {
          const url = `${withParams(route.url, param)}?${new URLSearchParams(query as Record<string, string>).toString()}`;
          const sends = route.method !== 'GET' && route.method !== 'DELETE';
          const res = await clients[role]!.inject({
            method: route.method as 'GET',
            url,
            ...(sends ? payloadOf(body, how) : {}),
          });
          assert.ok(
            res.statusCode < 500,
            `${route.method} ${url} as ${role} (${how}): ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
          assert.ok(
            res.statusCode >= 400 || !sends || route.method !== 'POST' || res.statusCode !== 201,
            `${route.method} ${url} created from junk: ${res.body.slice(0, 300)}`,
          );
        }),
        { numRuns: RUNS },
      )
      .catch((e: Error) => {
        console.error(e.cause);
        throw e;
      });
    assert.deepEqual(await dataCounts(t), before, 'no record was created or deleted from junk');
  });

  it('a NUL byte in any text of a valid body is a 400 with the field message, and nothing is stored', async () => {
    const admin = clients.Admin!;
    const bodies: { url: string; body: Record<string, string>; field: string }[] = [
      { url: 'regions', body: { name: 'Bago' }, field: 'name' },
      { url: 'districts', body: { name: 'Bago East' }, field: 'name' },
      { url: 'projects', body: { name: 'PICTS' }, field: 'name' },
      {
        url: 'io-register',
        body: { name: 'U Ba', email: 'ba@vot.test', role: 'Data Assistant' },
        field: 'name',
      },
    ];
    const before = await dataCounts(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodies),
        fc.nat(),
        fc.string({ maxLength: 3 }),
        async ({ url, body, field }, at, extra) => {
          const text = body[field]!;
          const i = at % (text.length + 1);
          const res = await admin.post(url, { ...body, [field]: `${text.slice(0, i)}${extra}\u0000${text.slice(i)}` });
          assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
          const errors = res.json().errors as Record<string, string[]>;
          assert.match(errors[field]![0]!, /contains a character that is not allowed!$/);
        },
      ),
      { numRuns: 40 },
    );
    assert.deepEqual(await dataCounts(t), before);
  });

  it('a Field Officer sees only their townships, whatever the query asks', async () => {
    const fo = clients['Field Officer']!;
    const townshipIds = fc.oneof(fc.constantFrom(String(townships.mine), String(townships.other), ''), junkParam);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('volunteers', 'volunteers-export', 'patients', 'communities'),
        townshipIds,
        fc.constantFrom('', '1', '0'),
        async (url, township_id, status) => {
          const query = new URLSearchParams({ township_id, ...(status ? { status } : {}) });
          const res = await fo.get(`${url}?${query}`);
          assert.ok(res.statusCode < 500, `${url}?${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode !== 200) return;
          assert.ok(!res.body.includes('Daw Hla (other)'), `${url}?${query} shows another township's volunteer`);
          assert.ok(!res.body.includes('"Dagon"'), `${url}?${query} shows another township`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
