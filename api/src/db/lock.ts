import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'api.lock';

/** The data folder is held by a live process: a second API on the same PGlite data would corrupt it. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The data folder ${dataDir} is in use by another VOT API process` +
        (holderPid ? ` (pid ${holderPid})` : '') +
        '. Stop that process first, or start this one with another DATA_DIR (or with DATABASE_URL for PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, since: String(holder.since) }
      : null;
  } catch {
    return null;
  }
}

/** A lock file is written right after it is created; one still unreadable after 5 s was left by a crash. */
function unreadableForLong(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 5_000;
  } catch {
    return true;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder's exclusive lock file (created with O_EXCL). A lock left by a crashed
 * process on this machine (its pid is gone) is taken over, and `log` says so. A lock whose holder
 * is alive, or was written on another host, is refused with DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string, log: (message: string) => void = console.warn): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      const stale = holder
        ? holder.host === me.host && holder.pid !== process.pid && !isAlive(holder.pid)
        : unreadableForLong(file);
      if (stale) {
        log(
          holder
            ? `Taking over a stale lock on ${dataDir}: process ${holder.pid} (since ${holder.since}) is no longer running.`
            : `Taking over a stale lock on ${dataDir}: its lock file is unreadable and older than a few seconds.`,
        );
        try {
          unlinkSync(file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
        continue;
      }
      throw new DataDirLockedError(dataDir, holder?.pid ?? null);
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only remove the file if it is still ours.
      if (readHolder(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      }
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new DataDirLockedError(dataDir, readHolder(file)?.pid ?? null);
}
