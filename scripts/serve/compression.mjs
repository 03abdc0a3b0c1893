// Compression of what the console's server sends: the encoding a request accepts, and each built
// file compressed once per version and kept: gzip at once, brotli (about a fifth smaller) in the
// background, one file at a time for the whole process, served from when it is ready.
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The best encoding this request accepts: brotli (about a fifth smaller than gzip on our JS), then gzip. */
export function encodingFor(acceptEncoding = '') {
  const accepted = new Set();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A Vary header that names Accept-Encoding once, keeping what the answer already varies on. */
export function withAcceptEncoding(vary) {
  const names = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((v) => v.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/**
 * Brotli at its highest level costs seconds per large chunk (more on a busy machine): never on a
 * request's path, and one file at a time so the thread pool stays free for reading files.
 */
let brotliQueue = Promise.resolve();
function brotliLater(file) {
  const job = brotliQueue.then(async () => {
    const buffer = await readFile(file);
    return brotliAsync(buffer, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    });
  });
  brotliQueue = job.catch(() => undefined);
  return job;
}
/** Settles once every brotli compression asked for so far is done (benchmarks measure after it). */
export function brotliSettled() {
  return brotliQueue;
}

export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
/** Source maps are never served, even if a build left one behind (they publish the sources). */
export const NEVER_SERVED = /\.map$/i;

/** A file's validator: its size and modification time (a rebuild changes it). */
export function etagOf(file) {
  const stat = statSync(file);
  return { stat, etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"` };
}

/**
 * The compressed bodies of the files under `root`, by file and version, in memory; every
 * compressible file of the build starts its brotli version in the background at once.
 */
export function compressedFiles(root) {
  /** file → { etag, br?, gzip? }: promises of the compressed bodies of the file's current version. */
  const compressedCache = new Map();

  function entryOf(file, etag) {
    let entry = compressedCache.get(file);
    if (!entry || entry.etag !== etag) {
      entry = { etag };
      compressedCache.set(file, entry);
    }
    return entry;
  }

  /** Starts the file's brotli version in the background (once per version). */
  function prepareBrotli(file, etag) {
    const entry = entryOf(file, etag);
    if (entry.brotli) return;
    entry.brotli = brotliLater(file).then(
      (body) => void (entry.br = body),
      // A failure (the file replaced mid-read) is not kept: a later request tries again.
      () => void delete entry.brotli,
    );
  }

  /** The body in the best encoding ready now: brotli once it is done, gzip until then. */
  async function compressed(file, etag, encoding) {
    const entry = entryOf(file, etag);
    if (encoding === 'br') {
      if (entry.br) return { encoding: 'br', body: entry.br };
      prepareBrotli(file, etag);
    }
    if (!entry.gzip) {
      const body = readFile(file).then((buffer) => gzipAsync(buffer, { level: 9 }));
      entry.gzip = body;
      body.catch(() => entry.gzip === body && delete entry.gzip);
    }
    return { encoding: 'gzip', body: await entry.gzip };
  }

  /** Every compressible file of the build, brotli-compressed in the background from the start. */
  function warm(folder) {
    let names;
    try {
      names = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names) {
      const file = join(folder, d.name);
      if (d.isDirectory()) warm(file);
      else if (COMPRESSIBLE.has(extname(d.name)) && !NEVER_SERVED.test(d.name) && d.name !== 'index.html')
        prepareBrotli(file, etagOf(file).etag);
    }
  }
  warm(root);
  return { compressed };
}
