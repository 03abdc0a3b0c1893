import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { OPENAPI_FILE, currentDocument, documentText } from '../src/openapi/current';

describe('the OpenAPI document', () => {
  it('is current: docs/openapi.json is what the registered routes make (else run `pnpm --filter @vot/api openapi`)', async () => {
    assert.equal(await readFile(OPENAPI_FILE, 'utf8'), documentText(await currentDocument()));
  });
});
