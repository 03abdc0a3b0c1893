import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Uploaded files in one folder: the ground the folder file store (files/folder-store.ts) stands on.
 *
 * Files get generated names only (32 hex digits and an extension): a client's file name never
 * reaches the file system, and a name from a URL that does not match the pattern is refused before
 * any path is built, so there is no way to walk out of the folder. An upload is written to a temp
 * file in the same folder and renamed once complete and flushed, so a broken upload or a crash
 * leaves no half-written file under a stored name.
 */

export const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;
const EXTENSION = /^\.[a-z0-9]{1,8}$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** The path of a stored file; throws for anything that is not a generated name. */
export function storedPath(dir: string, name: string): string {
  if (!isStoredName(name)) throw new Error(`Not a stored file name: ${JSON.stringify(name)}`);
  return join(dir, name);
}

/** A received upload sitting in its temp file: keep it under a generated name, or discard it. */
export interface ReceivedFile {
  size: number;
  /** The first bytes, for a check of the content type by its magic bytes. */
  head: Buffer;
  /** Renames the temp file to a new generated name (with `extension`, e.g. '.pdf') and returns that name. */
  keep(extension: string): Promise<string>;
  discard(): Promise<void>;
}

export const HEAD_BYTES = 16;
const TEMP_NAME = /^\.upload-[0-9a-f]{32}\.part$/;

/**
 * Looks at an upload while it streams in (its size so far, its first bytes): an error stops the
 * upload at once (too large, not the expected type) and nothing of it stays on disk.
 */
export type UploadGuard = (size: number, head: Buffer) => Error | undefined;

/** Writes `source` to a temp file in `dir` (created if missing), flushed to disk; `guard` may stop it early. */
export async function receiveFile(dir: string, source: Readable, guard?: UploadGuard): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.upload-${randomBytes(16).toString('hex')}.part`);
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      const refusal = guard?.(size, head);
      if (refusal) return done(refusal);
      done(null, chunk);
    },
  });
  const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(source, measure, out);
    await flush(temp);
  } catch (error) {
    // An upload cut short can fail before the temp file is even open: wait until the stream has
    // closed (and so created the file, if it was going to), or the removal would come too early.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await removeQuietly(temp).catch(() => undefined);
    throw error;
  }
  let settled = false;
  const settle = () => {
    if (settled) throw new Error('This upload has already been kept or discarded.');
    settled = true;
  };
  return {
    size,
    head,
    async keep(extension) {
      if (!EXTENSION.test(extension)) throw new Error(`Not a file extension: ${JSON.stringify(extension)}`);
      settle();
      const name = `${randomBytes(16).toString('hex')}${extension}`;
      try {
        await rename(temp, join(dir, name));
      } catch (error) {
        await removeQuietly(temp).catch(() => undefined);
        throw error;
      }
      // The rename is durable once the folder is flushed; some file systems cannot flush a folder.
      await flush(dir).catch(() => undefined);
      return name;
    },
    async discard() {
      settle();
      await removeQuietly(temp);
    },
  };
}

/**
 * Removes temp files older than `ageMs`: what uploads cut off by a crash left. Younger ones may be
 * uploads in progress in another API process sharing the folder.
 */
export async function removeStaleUploads(
  dir: string,
  ageMs: number,
  now: number = Date.now(),
  kept?: Set<string>,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  // Temp files of cut-off uploads; and, when the kept names are given, stored files no record names
  // any more (a crash between the rename and the commit of a replacement).
  const stale = (n: string) => TEMP_NAME.test(n) || (kept !== undefined && STORED_NAME.test(n) && !kept.has(n));
  for (const name of names.filter(stale)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > ageMs) {
      await removeQuietly(path);
      removed++;
    }
  }
  return removed;
}

/**
 * The stored files (generated names; temp files are not stored yet) last written more than `ageMs`
 * before `now`, read from the folder as they come (a visit store holds a file per visit).
 */
export async function* storedNamesOlderThan(
  dir: string,
  ageMs: number,
  now: number = Date.now(),
): AsyncGenerator<string> {
  let folder;
  try {
    folder = await opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // The iteration closes the folder when it ends or is left.
  for await (const entry of folder) {
    if (!entry.isFile() || !STORED_NAME.test(entry.name)) continue;
    const info = await stat(join(dir, entry.name)).catch(() => null);
    if (info && now - info.mtimeMs > ageMs) yield entry.name;
  }
}

/** Removes a stored file; one already gone is not an error (the goal is that it is gone). */
export async function removeStored(dir: string, name: string): Promise<void> {
  await removeQuietly(storedPath(dir, name));
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** fsync a file, or a folder after a rename, so the data is on disk before the database points at it. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
