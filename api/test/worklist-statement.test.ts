import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RequestUser } from '../src/http/auth';
import { worklistSql } from '../src/routes/follow-ups/repository';

/**
 * A township's worklist page is a named statement whose only parameters are the user's values (the
 * townships, the page's limit and offset): today, the threshold, the list's status and the
 * escalation days are written into its text, so PostgreSQL plans it once per connection and keeps a
 * generic plan estimated with them (docs/decisions/0219). A constant sent as a parameter again would
 * bring back a plan per request (2–6 ms of planning for 1 ms of work at national scale).
 */

const dialect = new PgDialect();
const user = (role: RequestUser['role'], township_ids: number[]): RequestUser => ({
  id: 1,
  name: 'x',
  email: 'x@vot.local',
  role,
  project_id: null,
  township_id: null,
  session_id: 1,
  township_ids,
});

describe("The worklist's statement", () => {
  it("sends a Field Officer's townships and the page as its only parameters", () => {
    const built = dialect.sqlToQuery(
      worklistSql(user('Field Officer', [7, 9]), { townshipIds: [] }, 2, { limit: 10, offset: 20 }, true),
    );
    assert.deepEqual(built.params, [7, 9, 10, 20]);
    assert.match(built.sql, /'\d{4}-\d{2}-\d{2}'::date/, "today's date is in the text");
  });

  it("sends a chosen township and the page for the nation's roles", () => {
    const built = dialect.sqlToQuery(
      worklistSql(user('MEAL Associate', []), { townshipIds: [4] }, 3, { limit: 10, offset: 0 }, true),
    );
    assert.deepEqual(built.params, [4, 10, 0]);
  });

  it('keeps a name search a parameter, never in the text', () => {
    const built = dialect.sqlToQuery(
      worklistSql(
        user('Field Officer', [7]),
        { townshipIds: [], name: "Mya'; drop" },
        2,
        { limit: 10, offset: 0 },
        true,
      ),
    );
    assert.ok(!built.sql.includes('drop'));
    assert.ok(built.params.some((p) => typeof p === 'string' && p.includes('mya')));
  });
});
