import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import {
  isStoredName,
  receiveFile,
  removeStaleUploads,
  removeStored,
  storedNamesOlderThan,
  storedPath,
} from '../lib/files';
import { UploadRefused, typeOf, type FileStore, type StoredFile, type UploadRules } from './store';

function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown })?.syscall === 'string';
}

/**
 * The file store in one folder of the API's machine (VOT_FILES_DIR/dots), on lib/files.ts:
 * generated names, a temp file renamed once whole and flushed, nothing left by a broken upload.
 * Fine for one API machine and a pilot's volume; see docs/decisions/0085 for why production wants an
 * object store (the volume) and how to switch.
 */
export class FolderStore implements FileStore {
  constructor(readonly dir: string) {}

  async put(source: Readable, rules: UploadRules): Promise<StoredFile> {
    const guard = (size: number, head: Buffer) => {
      if (size > rules.maxBytes) return new UploadRefused('too-large');
      if (typeOf(head, rules.types, false) === null) return new UploadRefused('wrong-type');
      return undefined;
    };
    let received;
    try {
      received = await receiveFile(this.dir, source, guard);
    } catch (error) {
      if (error instanceof UploadRefused || isSystemError(error)) throw error;
      // The stream itself failed (a client that went away, a multipart body cut short).
      throw new UploadRefused('incomplete');
    }
    const type = typeOf(received.head, rules.types, true);
    if (received.size === 0 || !type) {
      await received.discard();
      throw new UploadRefused(received.size === 0 ? 'empty' : 'wrong-type');
    }
    const key = await received.keep(type.extension);
    return { key, size: received.size, contentType: type.contentType };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isStoredName(key)) return null;
    const info = await stat(storedPath(this.dir, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return info?.isFile() ? { size: info.size } : null;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return createReadStream(storedPath(this.dir, key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    if (isStoredName(key)) await removeStored(this.dir, key);
  }

  /** Temp files of uploads a crash cut off, older than `ageMs` (younger ones may be in progress). */
  removeStaleUploads(ageMs: number): Promise<number> {
    return removeStaleUploads(this.dir, ageMs);
  }

  storedKeys(ageMs: number, now?: number): AsyncIterable<string> {
    return storedNamesOlderThan(this.dir, ageMs, now);
  }
}

/** The visit files' folder store (videos and signatures) under the API's files folder. */
export const visitFolderStore = (filesDir: string) => new FolderStore(join(filesDir, 'dots'));
