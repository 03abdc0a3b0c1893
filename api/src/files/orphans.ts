import { inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dots } from '../db/schema';
import type { FileStore } from './store';

/**
 * A stored file no visit names, older than this, is an orphan: an upload stores its files before
 * its transaction commits, so a crash (or a failing delete of a refused upload's files) in between
 * leaves one. A day, not an hour: a visit's signature is stored while its video is still coming in
 * over a phone's connection, and no timeout bounds an upload; an orphan costs only its bytes meanwhile.
 */
export const ORPHAN_AGE_MS = 24 * 3600_000;

/**
 * Removes the stored visit files older than `ageMs` that no visit record names (its `video` or
 * `sign`), checking the store's keys against the records `batch` at a time. Younger files are left
 * alone whatever the records say: their upload may not have committed yet (on this API instance or
 * another sharing the store). A record removed later (retention) deletes its own file; one the
 * sweep took first is already gone, which a delete does not mind. Answers how many were removed.
 */
export async function removeOrphanVisitFiles(
  db: Database,
  store: FileStore,
  ageMs: number = ORPHAN_AGE_MS,
  now: number = Date.now(),
  batch = 1000,
): Promise<number> {
  if (!store.storedKeys) return 0;
  let removed = 0;
  let keys: string[] = [];
  const sweep = async () => {
    // By the partial indexes on dots.video and dots.sign (migration 0015): a batch reads only the
    // records that name its files, not the whole table.
    const rows = await db
      .select({ video: dots.video, sign: dots.sign })
      .from(dots)
      .where(or(inArray(dots.video, keys), inArray(dots.sign, keys)));
    const named = new Set(rows.flatMap((r) => [r.video, r.sign]));
    const orphans = keys.filter((key) => !named.has(key));
    await Promise.all(orphans.map((key) => store.delete(key)));
    removed += orphans.length;
    keys = [];
  };
  for await (const key of store.storedKeys(ageMs, now)) {
    keys.push(key);
    if (keys.length >= batch) await sweep();
  }
  if (keys.length) await sweep();
  return removed;
}
