import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { OPENAPI_FILE, currentDocument, documentText, typesOf } from '../src/openapi/current';
import { referencedTypes } from '../src/openapi/json-schema';
import { TYPES_FILE, typesText } from '../src/openapi/types';
import { Contract } from './contract';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: unknown; headers?: unknown; $ref?: string }>;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: { if: Schema; then: Schema }[];
  anyOf?: Schema[];
  enum?: unknown[];
  [keyword: string]: unknown;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Every schema object in a value (depth first). */
function* schemasIn(value: unknown): Generator<Schema> {
  if (Array.isArray(value)) for (const v of value) yield* schemasIn(v);
  else if (value && typeof value === 'object') {
    if ('type' in value) yield value as Schema;
    for (const v of Object.values(value)) yield* schemasIn(v);
  }
}

const REGENERATE = 'run `pnpm --filter @vot/api openapi`';

describe('the OpenAPI document', () => {
  let document: Document;
  before(async () => {
    document = (await currentDocument()) as Document;
  });

  it(`is current: docs/openapi.json is what the registered routes make (else ${REGENERATE})`, async () => {
    assert.equal(await readFile(OPENAPI_FILE, 'utf8'), documentText(document));
  });

  it(`has the shared types' schemas as their TypeScript declarations make them (else ${REGENERATE})`, async () => {
    assert.equal(await readFile(TYPES_FILE, 'utf8'), typesText(typesOf(document)));
  });

  it('describes every route: path parameters, and a body for every success answer but a 204', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const call = `${method.toUpperCase()} ${path}`;
        const inPath = (path.match(/\{\w+\}/g) ?? []).length;
        if ((operation.parameters ?? []).filter((p) => p.in === 'path').length !== inPath)
          missing.push(`${call}: path parameters`);
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        // A resumable upload's answers are their headers (Location, Upload-Offset): declared as such.
        if (
          !successes.length ||
          successes.some(([status, answer]) => status !== '204' && !answer.content && !answer.headers)
        )
          missing.push(`${call}: answer`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('names every operation uniquely, declares its security (none on the sign-ins), and its server', () => {
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, ...op })),
    );
    const ids = operations.map((o) => o.operationId);
    assert.equal(new Set(ids).size, operations.length, 'unique operationIds');
    assert.ok(ids.every((id) => /^[a-z]+[A-Za-z0-9]*$/.test(id)));
    assert.deepEqual(
      operations.filter((o) => !Array.isArray(o.security)).map((o) => o.call),
      [],
    );
    const open = operations.filter((o) => o.security!.length === 0).map((o) => o.call);
    for (const call of ['POST /api/v1/io-login', 'POST /api/v1/app/login', 'GET /api/v1/DOT-video/{uuid}'])
      assert.ok(open.includes(call), call);
    assert.ok(!open.includes('GET /api/v1/app/DOTs'));
    assert.ok(document.servers.length > 0);
  });

  it("tells the truth about bodies: nullable fields, work_status for works 1 and 2 only, maxItems, a confirmation's equality", () => {
    const json = (path: string, method = 'post') =>
      document.paths[path]![method]!.requestBody!.content['application/json']!.schema;
    const patient = json('/api/v1/patients').anyOf![0]!;
    for (const field of ['DOB', 'RR_code', 'dot_patient_id_gf', 'secondary_language', 'treatment_regimen_other'])
      assert.ok([patient.properties![field]!.type].flat().includes('null'), field);
    assert.ok(![patient.properties!.name!.type].flat().includes('null'), 'a required name is not nullable');
    const visit = json('/api/v1/app/DOTs');
    assert.ok(!visit.required!.includes('work_status'));
    assert.deepEqual(
      visit.allOf!.map((c) => [c.if.properties, c.then.required]),
      [[{ work: { enum: [1, 2] } }, ['work_status']]],
    );
    assert.equal(visit.properties!.DOT_records!.maxItems, 50);
    const arrays = [...schemasIn(document)].filter((s) => s.type === 'array' || s.type?.[0] === 'array');
    assert.deepEqual(
      arrays.filter((a) => 'maximum' in a || 'minimum' in a),
      [],
    );
    const confirmation = json('/api/v1/io-change-password').properties!.new_password_confirmation!;
    assert.equal(confirmation.enum, undefined);
    assert.match(String(confirmation.description), /new_password/);
  });

  it('declares the error answers each call gives', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    for (const path of ['/api/v1/io-login', '/api/v1/app/login'])
      for (const status of ['400', '401', '429', '500', '503'])
        assert.ok(statuses(path, 'post').includes(status), `${path} ${status}`);
    assert.ok(statuses('/api/v1/app/DOTs', 'post').includes('409'));
    assert.ok(statuses('/api/v1/app/DOTs', 'post').includes('413'));
    assert.ok(statuses('/api/v1/regions/{id}', 'post').includes('405'), 'a POST update without ?_method=PUT');
    assert.ok(statuses('/api/v1/DOT-video/{uuid}', 'get').includes('403'), 'an expired link');
  });

  it('finds an answer not as declared: an unknown call, an undeclared status, a body off its schema', () => {
    const contract = new Contract();
    const answer = (statusCode: number, body: unknown) =>
      ({
        statusCode,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
        json: () => body,
      }) as never;
    const health = { method: 'GET', url: '/health' } as const;
    assert.deepEqual(contract.check(health, answer(200, { status: 'ok', database: 'pglite' })), []);
    assert.match(
      contract.check(health, answer(200, { status: 'ok' })).join(),
      /must have required property 'database'/,
    );
    assert.match(contract.check(health, answer(418, {})).join(), /status not declared/);
    assert.match(contract.check({ method: 'GET', url: '/api/v1/nowhere' }, answer(200, {})).join(), /not an operation/);
    assert.deepEqual(
      contract.check(
        { method: 'GET', url: '/api/v1/nowhere' },
        answer(404, { message: 'No route GET /api/v1/nowhere.' }),
      ),
      [],
    );
  });

  it('refers only to schemas it has', () => {
    const known = new Set(Object.keys(document.components.schemas));
    assert.deepEqual(
      [...referencedTypes(document)].filter((name) => !known.has(name)),
      [],
    );
  });
});
