import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The API's files are its own: patients' records in PGlite, the secret key, visit videos and
 * signatures. The process's umask makes everything it creates owner-only (folders 700, files
 * 600), whatever umask it was started with (a container's is often 0, which left PGlite's files
 * 666); its folders are created 700, and one found open to other local accounts (made by an
 * older version, or by hand) is closed at start, with a line in the log.
 */
export const PRIVATE_UMASK = 0o077;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Sets the umask, then makes each folder private (created if missing); `log` says what was fixed. */
export function keepFoldersPrivate(folders: string[], log: (message: string) => void): void {
  process.umask(PRIVATE_UMASK);
  for (const folder of new Set(folders)) {
    mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
    const mode = lstatSync(folder).mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    const changed = makePrivate(folder);
    log(
      `${folder} was open to other local accounts (mode ${mode.toString(8)}): ` +
        `made private (folders ${FOLDER_MODE.toString(8)}, files ${FILE_MODE.toString(8)}; ${changed} changed).`,
    );
  }
}

/**
 * The folder and everything in it owner-only (folders 700, files 600); symbolic links are left
 * alone (not followed). Answers how many it changed. keepFoldersPrivate walks only a folder found
 * open: a private one's content was made under PRIVATE_UMASK.
 */
export function makePrivate(folder: string): number {
  let changed = 0;
  const pending = [folder];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() ? FOLDER_MODE : FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return changed;
}
