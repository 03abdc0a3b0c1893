import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Rows of a raw query as the driver makes them, whichever driver (PGlite or node-postgres) is
 * behind the database: for statements drizzle's query builder cannot write, and for large answers
 * whose rows need no mapping (the patient export: docs/decisions/0044).
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp as the API answers it (ISO 8601, UTC, milliseconds), whichever driver reads it. */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** drizzle's own parts behind a Database (not in its public type): the statement builder and the connection's session. */
interface DatabaseInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Rows of a raw query run as a named statement on PostgreSQL (docs/decisions/0205): named by a hash
 * of its SQL text, whose user's values are parameters and whose constants are in the text
 * (intLiteral, dateLiteral: 0219), so each connection parses it once and, after PostgreSQL's first
 * five custom plans, keeps a generic plan when that is no worse: no planning per request. For the
 * lists whose statements take milliseconds to plan and less to run (the review queue, the worklist).
 * Only for statements whose text takes few forms: each form stays prepared on every pooled
 * connection that ran it until the connection closes (an hour at most), so never a text holding a
 * user's values (sql.raw) — a shape only (which filters, how many townships), and today's date.
 * PGlite ignores the name.
 */
export async function namedRowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DatabaseInternals;
  const built = dialect.sqlToQuery(query);
  const name = `r_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 24)}`;
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Rows of a page whose statement gives each row the list's total (`count(*) over ()`), without it. */
export const withoutTotal = <R extends { total: number }>(rows: R[]): Omit<R, 'total'>[] =>
  rows.map(({ total: _total, ...row }) => row);

/**
 * A whole number written into a statement's text, not sent as a parameter: for the code's
 * constants and the programme's settings (a threshold, days of review), never a user's value. A
 * named statement's generic plan is then estimated with the number itself (docs/decisions/0219).
 */
export function intLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new TypeError(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

/** A yyyy-mm-dd day written into a statement's text (today's as-of day: one form a day), as intLiteral. */
export function dateLiteral(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new TypeError(`not a day: ${day}`);
  return sql.raw(`'${day}'::date`);
}
