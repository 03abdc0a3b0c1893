// Serves a production build (the shell or one remote) on its own origin, as a CDN would:
// hashed chunks cached for good, entry files and manifests revalidated every time, compressed once
// per file version and kept: gzip at once, brotli (about a fifth smaller) in the background, one
// file at a time for the whole process, served from when it is ready.
// The shell's server also forwards /api to the API, so the browser talks to one origin.
//
// It faces the network, so it trusts nothing in a request: only origin-form targets (`/path?query`)
// are accepted, the API is always reached at its configured address (never a host taken from the
// request), a request that cannot be parsed is a 400, and no request can throw out of the listener.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib';

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

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Source maps are never served, even if a build left one behind (they publish the sources). */
const NEVER_SERVED = /\.map$/i;
/** In the shell's index.html (src/index.html): replaced by this response's CSP nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/**
 * API answers are compressed on their way through (apiEncoding): JSON and text of at least this
 * many bytes, or of unknown length. A township's export page is 800 KiB of JSON and 36 KiB in
 * brotli: 9 s against half a second on a township office's 700 kbit/s link.
 */
const API_COMPRESS_FROM = 1024;
const COMPRESSIBLE_ANSWER = /^(application\/([\w.+-]*\+)?json|text\/)/i;
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
];
/**
 * A connection with no byte moving either way for this long is cut (docs/api.md "Timeouts"): a
 * stalled upload ends, a moving one never does. The API's own idle time for uploads is the same.
 */
export const IDLE_TIMEOUT_MS = 90_000;
/** A base no request can name: a target that resolves to another origin is not origin-form. */
const BASE = 'http://request.invalid';

/** Headers on every answer: pages, assets and errors alike. */
const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/** Anything that is not the shell's page runs nothing of its own. */
const ASSET_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * The shell's service worker fetches on the page's behalf (and its policy is this file's): only
 * what the page's own policy already let through reaches it, from the shell's or a remote's origin.
 */
const WORKER_CSP = "default-src 'none'; connect-src *; frame-ancestors 'none'";

/**
 * The shell's page policy: scripts only from this origin and the enabled remotes' origins (no
 * inline script at all), styles from files or from <style> elements carrying this response's nonce
 * (style-loader and PrimeReact add them at run time), framing refused. A disabled remote's origin
 * may only be fetched from: the shell reads its module.json so deep links can explain themselves.
 * @param {string} nonce
 * @param {{ enabled: string[], all: string[] }} [remotes]
 */
export function pageCsp(nonce, remotes = { enabled: [], all: [] }) {
  const list = (origins) => (origins.length ? ` ${origins.join(' ')}` : '');
  const code = list(remotes.enabled);
  return [
    "default-src 'self'",
    `script-src 'self'${code}`,
    `style-src 'self' 'nonce-${nonce}'${code}`,
    `img-src 'self' data: blob:${code}`,
    `font-src 'self' data:${code}`,
    `connect-src 'self'${list(remotes.all)}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins remotes.json points at, of enabled remotes and of all; a broken file gives none. */
export function remoteOriginsOf(remotesJson) {
  const enabled = new Set();
  const all = new Set();
  try {
    const { remotes } = JSON.parse(readFileSync(remotesJson, 'utf8'));
    for (const remote of Object.values(remotes ?? {})) {
      if (!remote || typeof remote.entry !== 'string') continue;
      const url = new URL(remote.entry, BASE);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === BASE) continue;
      all.add(url.origin);
      if (remote.enabled !== false) enabled.add(url.origin);
    }
  } catch {
    return { enabled: [], all: [] };
  }
  return { enabled: [...enabled], all: [...all] };
}

/**
 * The request-target as a path and query, or null when it is not origin-form (`//host/…`,
 * `http://host/…`, `*`, backslashes), cannot be decoded, or holds a NUL byte.
 */
export function parseTarget(target) {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return null;
  let url;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  return { url, pathname };
}

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *           apiTarget?: string, remotesJson?: string, headersTimeoutMs?: number, idleTimeoutMs?: number }} options
 * remotesJson: a file served at /remotes.json (one per environment, edited without rebuilding).
 */
export function serveStatic({
  dir,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  apiTarget,
  remotesJson,
  headersTimeoutMs = 20_000,
  idleTimeoutMs = IDLE_TIMEOUT_MS,
}) {
  const root = resolve(dir);
  const api = apiTarget ? new URL(apiTarget) : undefined;
  /** file → { etag, br?, gzip? }: promises of the compressed bodies of the file's current version. */
  const compressedCache = new Map();

  function plain(res, status, text, extra = {}) {
    if (res.headersSent) return void res.destroy();
    const body = text ?? http.STATUS_CODES[status] ?? '';
    res.writeHead(status, {
      ...COMMON_HEADERS,
      'Content-Security-Policy': ASSET_CSP,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      ...extra,
    });
    res.end(body);
  }

  function etagOf(file) {
    const stat = statSync(file);
    return { stat, etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"` };
  }

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

  async function send(req, res, file, status = 200) {
    const ext = extname(file);
    const headers = {
      ...COMMON_HEADERS,
      'Content-Security-Policy': spa && file === join(root, 'sw.js') ? WORKER_CSP : ASSET_CSP,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    };
    headers['Cache-Control'] = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (cors) headers['Access-Control-Allow-Origin'] = '*';
    const { stat, etag } = etagOf(file);
    const accepted = COMPRESSIBLE.has(ext) ? encodingFor(req.headers['accept-encoding']) : null;
    if (COMPRESSIBLE.has(ext)) headers.Vary = 'Accept-Encoding';
    // Each encoding is its own representation: its own validator, and caches keep them apart.
    const tagged = (encoding) => (encoding ? etag.replace(/"$/, `-${encoding}"`) : etag);
    const inm = req.headers['if-none-match'];
    if (inm && (inm === tagged(accepted) || (accepted && inm === tagged('gzip')))) {
      res.writeHead(304, { ...headers, ETag: inm }).end();
      return;
    }
    if (accepted) {
      const { encoding, body } = await compressed(file, etag, accepted);
      if (res.destroyed) return;
      res.writeHead(status, {
        ...headers,
        ETag: tagged(encoding),
        'Content-Encoding': encoding,
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers.ETag = etag;
    res.writeHead(status, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') return void res.end();
    // A file replaced by a rebuild mid-stream ends the answer, never the process.
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  /** The shell's page: a fresh nonce per answer, so it is never cached or revalidated. */
  function sendPage(req, res, file) {
    const nonce = randomBytes(16).toString('base64');
    const html = readFileSync(file, 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce);
    const csp = pageCsp(nonce, remotesJson ? remoteOriginsOf(remotesJson) : undefined);
    // Small and different every time: compressed at once, at brotli's quick levels.
    const encoding = encodingFor(req.headers['accept-encoding']);
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(html)
          : Buffer.from(html);
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Security-Policy': csp,
      'Content-Type': TYPES['.html'],
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The encoding for an API answer of a compressible type: none for HEAD, an empty status, one already encoded, or a small one. */
  function apiEncoding(req, up) {
    if (req.method === 'HEAD' || up.statusCode === 204 || up.statusCode === 304 || up.headers['content-encoding'])
      return null;
    const length = up.headers['content-length'];
    if (length !== undefined && Number(length) < API_COMPRESS_FROM) return null;
    return encodingFor(req.headers['accept-encoding']);
  }

  function proxy(req, res, url) {
    const headers = { ...req.headers, host: api.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    for (const name of HOP_BY_HOP) delete headers[name];
    // The client's own Expect was answered by this server; the API is asked on its own behalf.
    delete headers.expect;
    // A body is sent only once the API asks for it (100 Continue): a refusal decided from the
    // headers (413, 401) then comes back before a byte of a large upload was forwarded, and the
    // API never has to close a connection with unread data in it (whose reset loses its answer).
    const withBody =
      req.headers['content-length'] !== undefined
        ? Number(req.headers['content-length']) > 0
        : !!req.headers['transfer-encoding'];
    if (withBody) headers.expect = '100-continue';
    let answered = false;
    const upstream = http.request(
      // Only the configured API's address: the request contributes its path and query, nothing else.
      {
        protocol: api.protocol,
        hostname: api.hostname,
        port: api.port,
        method: req.method,
        path: url.pathname + url.search,
        headers,
      },
      (up) => {
        answered = true;
        if (!req.complete) {
          // An early answer (a refusal while the client still sends): stop forwarding the body,
          // let the client read the answer, and end both connections once it is delivered.
          req.unpipe(upstream);
          res.setHeader('connection', 'close');
          up.once('end', () => upstream.destroy());
        }
        const compressible = COMPRESSIBLE_ANSWER.test(String(up.headers['content-type'] ?? ''));
        const headers = compressible ? { ...up.headers, vary: withAcceptEncoding(up.headers.vary) } : up.headers;
        const encoding = compressible ? apiEncoding(req, up) : null;
        if (!encoding) {
          res.writeHead(up.statusCode ?? 502, headers);
          up.pipe(res);
          return;
        }
        // The length changes with the encoding: the answer goes out chunked.
        const { 'content-length': length, ...rest } = headers;
        res.writeHead(up.statusCode ?? 502, { ...rest, 'content-encoding': encoding });
        // Brotli at its quick level 5, as the page: 5 ms for 800 KiB, in this process, not the API's.
        const zip =
          encoding === 'br'
            ? createBrotliCompress({
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Number(length) || 0,
                },
              })
            : createGzip();
        // A failure on either side ends the others (the client's answer is cut, as below).
        pipeline(up, zip, res, () => undefined);
      },
    );
    upstream.on('error', () => {
      // Mid-answer, the only honest thing is to cut it: appended JSON would corrupt the body.
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { ...COMMON_HEADERS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ message: 'The server cannot be reached. Please try again.' }));
    });
    res.on('close', () => upstream.destroy());
    if (!withBody) return void req.pipe(upstream);
    upstream.flushHeaders();
    upstream.once('continue', () => !answered && req.pipe(upstream));
  }

  function handle(req, res) {
    const target = parseTarget(req.url);
    if (!target) return plain(res, 400);
    const { url, pathname } = target;
    if (api && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return proxy(req, res, url);
    if (req.method === 'OPTIONS' && cors) {
      res
        .writeHead(204, {
          ...COMMON_HEADERS,
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD',
        })
        .end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, undefined, { Allow: 'GET, HEAD' });
    if (remotesJson && pathname === '/remotes.json') {
      if (!existsSync(remotesJson)) return plain(res, 404, 'Not found');
      return send(req, res, remotesJson);
    }
    if (NEVER_SERVED.test(pathname)) return plain(res, 404, 'Not found');
    const file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) return plain(res, 403);
    const isPage = spa && file === join(root, 'index.html');
    if (!isPage && existsSync(file) && statSync(file).isFile()) return send(req, res, file);
    // Client-side routes (/admin/region-list) get the shell's page; missing files stay 404.
    if (spa && (isPage || !extname(pathname))) return sendPage(req, res, join(root, 'index.html'));
    plain(res, 404, 'Not found');
  }

  // Slow clients (slowloris): a request's headers must arrive within headersTimeoutMs, checked
  // every second, else a 408 and the connection is closed. No limit on a whole request: a video
  // on a township's 1 Mbit/s link takes minutes while it moves; a connection silent for
  // idleTimeoutMs (no byte either way) is cut, with a 408 if nothing was answered yet.
  const answering = new WeakMap();
  const server = http.createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    },
    (req, res) => {
      answering.set(req.socket, res);
      res.once('finish', () => answering.get(req.socket) === res && answering.delete(req.socket));
      // Whatever a request does, it ends its own answer and nothing else.
      const fail = (error) => {
        console.error(`serve: ${req.method} ${JSON.stringify(req.url)?.slice(0, 200)}: ${error?.message ?? error}`);
        plain(res, error instanceof URIError ? 400 : 500);
      };
      try {
        handle(req, res)?.catch?.(fail);
      } catch (error) {
        fail(error);
      }
    },
  );
  server.setTimeout(idleTimeoutMs, (socket) => {
    const res = answering.get(socket);
    if (!res || res.headersSent) return void socket.destroy();
    plain(res, 408, 'The request stalled: nothing arrived for too long.', { Connection: 'close' });
    res.once('finish', () => socket.destroy());
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(server);
    });
  });
}

// CLI: node scripts/serve.mjs --dir shell/dist --port 3000 --spa --api http://127.0.0.1:4000 --remotes .run/remotes.json
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const options = {
    dir: opt('dir') ?? '.',
    port: Number(opt('port') ?? 3000),
    host: opt('host') ?? '127.0.0.1',
    spa: args.includes('--spa'),
    cors: args.includes('--cors'),
    apiTarget: opt('api'),
    remotesJson: opt('remotes'),
  };
  serveStatic(options).then(() => console.log(`Serving ${options.dir} on http://${options.host}:${options.port}`));
}
