import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rowsOf } from '../src/db/rows';
import { sql } from 'drizzle-orm';
import { backends, useApp } from './helpers';

/** The API's PostgreSQL sessions compile no plan (docs/decisions/0179-no-jit.md). */
for (const backend of (await backends()).filter((b) => b.name !== 'PGlite')) {
  describe(`PostgreSQL session settings on ${backend.name}`, () => {
    const t = useApp(backend);
    it('turn JIT compilation off', async () => {
      const [row] = await rowsOf<{ jit: string }>(t.handle.db, sql`show jit`);
      assert.equal(row?.jit, 'off');
    });
  });
}
