import { join } from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from './client';
import { makePrivate } from '../lib/private-folders';
import { acquireDataDirLock } from './lock';

/**
 * Opens the configured database and applies the migrations: PostgreSQL when DATABASE_URL is set,
 * else PGlite in DATA_DIR under its exclusive lock (released when the database is closed).
 */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const handle = await openPostgres(config.databaseUrl);
    await handle.migrate();
    return handle;
  }
  const lock = acquireDataDirLock(config.dataDir, log);
  try {
    // PGlite gets a folder of its own: the lock and the key file sit beside it, not inside PGDATA.
    const folder = join(config.dataDir, 'pglite');
    const handle = await openPglite(folder);
    // A new PGlite folder is unpacked with its archive's modes (666), which no umask narrows: its
    // files are made owner-only here (the data folder around them already is, lib/private-folders.ts).
    makePrivate(folder);
    await handle.migrate();
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
