import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, openPglite } from '../src/db/client';

/**
 * The migrated PGlite every test app starts from, shared by the test processes through a file.
 * `PGlite.create()` on an empty data folder runs initdb: 3–7 s of a busy 2-core machine, in each
 * of the ~50 test processes, against ~1 s to load a dumped data folder. The first process to need
 * it migrates and dumps it; the others load the dump. The file's name holds a hash of the
 * migrations and PGlite's and drizzle-orm's versions, so a changed migration never loads an old template.
 */
const PREFIX = 'vot-pglite-template-';

/** A hash of what a migrated database is made from; the PostgreSQL template is named by it too (postgres-template.ts). */
export function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = fileURLToPath(new URL('../drizzle/', import.meta.url));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrations);
  // PGlite makes the data folder, drizzle-orm's migrator records the migrations in it: a new
  // version of either makes a new template.
  hash
    .update(packageJson('@electric-sql/pglite'))
    .update(packageJson('drizzle-orm'))
    .update(JSON.stringify(Object.keys(PGLITE_OPTIONS.extensions)));
  return hash.digest('hex').slice(0, 16);
}

/** A dependency's package.json (not exported by them): the nearest one above its entry point named so. */
function packageJson(name: string): Buffer {
  let dir = dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const text = existsSync(join(dir, 'package.json')) ? readFileSync(join(dir, 'package.json'), 'utf8') : '{}';
    if ((JSON.parse(text) as { name?: string }).name === name) return Buffer.from(text);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${name}`);
    dir = parent;
  }
}

/** The migrated data folder, dumped: loaded from the processes' shared file when there is one, else migrated and written for the next process. */
export async function migratedDump(): Promise<Blob> {
  const file = join(tmpdir(), `${PREFIX}${templateKey()}.tar`);
  const stored = await readFile(file).catch(() => null);
  if (stored) return new Blob([stored]);
  const db = await PGlite.create(PGLITE_OPTIONS);
  await (await openPglite(db)).migrate();
  const dump = await db.dumpDataDir('none');
  // Closed: a PGlite left open keeps its process alive after the tests.
  await db.close();
  // Written aside and renamed: a process reading at the same time sees the whole file or none.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  // Templates of earlier migrations are 40 MB each: only the current one is kept.
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith(PREFIX) && join(tmpdir(), name) !== file && name.endsWith('.tar'))
      await unlink(join(tmpdir(), name)).catch(() => undefined);
  }
  return dump;
}
