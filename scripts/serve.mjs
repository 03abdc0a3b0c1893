// Serves a production build (the shell or one remote) on its own origin, as a CDN would: hashed
// chunks cached for good, entry files and manifests revalidated every time, compressed once per
// file version (serve/compression.mjs). The shell's server also forwards /api to the API
// (serve/proxy.mjs), so the browser talks to one origin.
//
// It faces the network, so it trusts nothing in a request (serve/policy.mjs): only origin-form
// targets (`/path?query`) are accepted, the API is always reached at its configured address, a
// request that cannot be parsed is a 400, and no request can throw out of the listener.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, compressedFiles, encodingFor, etagOf, NEVER_SERVED } from './serve/compression.mjs';
import {
  ASSET_CSP,
  COMMON_HEADERS,
  NONCE_PLACEHOLDER,
  pageCsp,
  parseTarget,
  plain,
  remoteOriginsOf,
  WORKER_CSP,
} from './serve/policy.mjs';
import { apiProxy } from './serve/proxy.mjs';

export { brotliSettled, encodingFor, withAcceptEncoding } from './serve/compression.mjs';
export { NONCE_PLACEHOLDER, pageCsp, parseTarget, remoteOriginsOf } from './serve/policy.mjs';

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
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/**
 * A connection with no byte moving either way for this long is cut (docs/api.md "Timeouts"): a
 * stalled upload ends, a moving one never does. `VOT_SERVE_IDLE_SECONDS` (90 by default, fractions
 * allowed so a test can lower it); the API's own idle time for uploads is 90 s as well.
 */
export const IDLE_TIMEOUT_MS = idleFromEnv(process.env.VOT_SERVE_IDLE_SECONDS);
function idleFromEnv(value) {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 90_000;
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
  const proxy = api ? apiProxy(api) : undefined;
  const { compressed } = compressedFiles(root);

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
  // The port it got (`--port 0`: any free one), for whoever started it.
  serveStatic(options).then((server) =>
    console.log(`Serving ${options.dir} on http://${options.host}:${server.address().port}`),
  );
}
