// Serves a production build (the shell or one remote) on its own origin, as a CDN would:
// hashed chunks cached for good, entry files and manifests revalidated every time, gzip on the fly.
// The shell's server also forwards /api to the API, so the browser talks to one origin.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map', '.txt']);
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *           apiTarget?: string, remotesJson?: string }} options
 * remotesJson: a file served at /remotes.json (one per environment, edited without rebuilding).
 */
export function serveStatic({ dir, port, host = '127.0.0.1', spa = false, cors = false, apiTarget, remotesJson }) {
  const root = resolve(dir);
  const gzCache = new Map();

  function send(req, res, file, status = 200) {
    const ext = extname(file);
    const headers = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' };
    headers['Cache-Control'] = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (cors) headers['Access-Control-Allow-Origin'] = '*';
    const stat = statSync(file);
    const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    headers.ETag = etag;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      let entry = gzCache.get(file);
      if (!entry || entry.etag !== etag) {
        entry = { etag, body: gzipSync(readFileSync(file)) };
        gzCache.set(file, entry);
      }
      res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': entry.body.length });
      res.end(req.method === 'HEAD' ? undefined : entry.body);
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  function proxy(req, res) {
    const target = new URL(req.url, apiTarget);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'The server cannot be reached. Please try again.' }));
    });
    req.pipe(upstream);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (apiTarget && url.pathname.startsWith('/api/')) return proxy(req, res);
    if (req.method === 'OPTIONS' && cors) {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (remotesJson && url.pathname === '/remotes.json') {
      if (!existsSync(remotesJson)) return res.writeHead(404).end();
      return send(req, res, remotesJson);
    }
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (file !== root && !file.startsWith(root + sep)) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isFile()) return send(req, res, file);
    // Client-side routes (/admin/region-list) get the shell's page; missing files stay 404.
    if (spa && !extname(url.pathname)) return send(req, res, join(root, 'index.html'));
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
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
