import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { OPENAPI_FILE, currentDocument, documentText, typesOf } from '../src/openapi/current';
import { referencedTypes } from '../src/openapi/json-schema';
import { TYPES_FILE, typesText } from '../src/openapi/types';

interface Operation {
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: unknown; $ref?: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
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
        if (!successes.length || successes.some(([status, answer]) => status !== '204' && !answer.content))
          missing.push(`${call}: answer`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('refers only to schemas it has', () => {
    const known = new Set(Object.keys(document.components.schemas));
    assert.deepEqual(
      [...referencedTypes(document)].filter((name) => !known.has(name)),
      [],
    );
  });
});
