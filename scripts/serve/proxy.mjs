// The console's server forwards /api to the API, so the browser and the phone talk to one origin:
// always to the configured address (never a host taken from the request), bodies only once the API
// asks for them, answers compressed on their way through.
import http from 'node:http';
import { pipeline } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { encodingFor, withAcceptEncoding } from './compression.mjs';
import { COMMON_HEADERS } from './policy.mjs';

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

/** The encoding for an API answer of a compressible type: none for HEAD, an empty status, one already encoded, or a small one. */
function apiEncoding(req, up) {
  if (req.method === 'HEAD' || up.statusCode === 204 || up.statusCode === 304 || up.headers['content-encoding'])
    return null;
  const length = up.headers['content-length'];
  if (length !== undefined && Number(length) < API_COMPRESS_FROM) return null;
  return encodingFor(req.headers['accept-encoding']);
}

/** The forwarder to the API at `api` (a URL): `(req, res, url)` with the request's parsed target. */
export function apiProxy(api) {
  return function proxy(req, res, url) {
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
        // Brotli at its quick level 5, as the page: quick enough to run in this process, not the API's.
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
  };
}
