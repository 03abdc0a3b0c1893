import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** What repositories take: the database or a transaction, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A transaction of the database, handed to `work` as a Database: a driver's transaction type is
 * not assignable to the driver-neutral one (its own `transaction` differs), though every query
 * builder a repository uses is the same. The one place that says so.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the drizzle-kit migrations in api/drizzle/ (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Options every PGlite of the API is created with: the extensions its migrations use (pg_trgm for
 * the patient name search). A clone keeps its template's extensions.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/**
 * Embedded PostgreSQL. `dataDir` is a folder (created on first use) or undefined for memory;
 * an already opened PGlite (a test clone) can be passed instead. The caller holds the folder's lock.
 */
export async function openPglite(source: string | PGlite | undefined): Promise<DatabaseHandle> {
  const client =
    source instanceof PGlite
      ? source
      : await PGlite.create(source === undefined ? PGLITE_OPTIONS : { ...PGLITE_OPTIONS, dataDir: source });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  // No JIT compilation (docs/decisions/0179): the API's statements take milliseconds, and a plan
  // whose estimate passes jit_above_cost (a list with a probe per row) spent longer compiling than running.
  // A connection lives an hour at most (ended when next released, never mid-request): the named
  // statements it prepared (a form per shape, and per day where the text holds today's date:
  // docs/decisions/0219) go with it instead of piling up on a connection kept busy for weeks.
  const pool = new pg.Pool({ connectionString: url, max: 10, maxLifetimeSeconds: 3600, options: '-c jit=off' });
  // An idle client that loses its connection emits 'error' on the pool; without a listener Node exits.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
