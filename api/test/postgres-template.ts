import pg from 'pg';
import { openPostgres } from '../src/db/client';
import { templateKey } from './pglite-template';

/**
 * The migrated PostgreSQL database every PostgreSQL test database is copied from
 * (`CREATE DATABASE … TEMPLATE`): a copy takes a few tenths of a second, running the migrations
 * on an empty database 1.5–3.5 s of a busy 2-core machine, for each of the suites' some eighty
 * PostgreSQL databases (docs/decisions/0210). The first process to need it migrates it; it stays
 * on the server for the next run.
 * Its name holds the same hash as PGlite's template (pglite-template.ts): a changed migration makes
 * a new template and the older ones are dropped.
 *
 * An advisory lock keeps copying and building apart: a copy holds it shared, so a process (of
 * this checkout or another with other migrations) building or dropping a template waits for the
 * copies in progress, and a copy never starts from a template half made.
 */
const PREFIX = 'vot_test_template_';
const LOCK = 0x766f_7474; // 'vott'

/** `url` with another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function build(admin: pg.Client, adminUrl: string, name: string): Promise<void> {
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount) return;
  // Made under another name and renamed once migrated: a process that died half way leaves no template.
  const building = `${name}_building`;
  await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${building}`);
  const handle = await openPostgres(databaseUrl(adminUrl, building));
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  const older = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
    [PREFIX, name],
  );
  for (const { datname } of older.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/** Creates database `name` as a copy of the migrated template, building the template first if there is none. */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<void> {
  const template = `${PREFIX}${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (;;) {
      await admin.query('SELECT pg_advisory_lock_shared($1)', [LOCK]);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount) break;
      await admin.query('SELECT pg_advisory_unlock_shared($1)', [LOCK]);
      await admin.query('SELECT pg_advisory_lock($1)', [LOCK]);
      await build(admin, adminUrl, template);
      await admin.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    // Ending the connection releases its advisory lock.
    await admin.end();
  }
}
