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
