// Static files are compressed for the township link: brotli once it is ready (in the background),
// gzip until then and for browsers without brotli, each encoding with its own ETag, and Vary.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliSettled, encodingFor, serveStatic, withAcceptEncoding } from '../serve.mjs';

const dir = mkdtempSync(join(tmpdir(), 'vot-serve-zip-'));
const text = 'const x = "vot";\n'.repeat(4000);
let server;
let base;
before(async () => {
  writeFileSync(join(dir, 'app.0123abcd.js'), text);
  writeFileSync(join(dir, 'remoteEntry.js'), text);
  writeFileSync(join(dir, 'logo.png'), 'not text');
  server = await serveStatic({ dir, port: 0 });
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** node:http, which (unlike fetch) hands the body over as sent. */
const fetchRaw = (path, headers) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            r: { status: res.statusCode, headers: { get: (n) => res.headers[n] ?? null } },
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });

test('encodingFor prefers brotli, honours q=0, and falls back to gzip or none', () => {
  assert.equal(encodingFor('gzip, deflate, br, zstd'), 'br');
  assert.equal(encodingFor('gzip, br;q=0'), 'gzip');
  assert.equal(encodingFor('identity'), null);
  assert.equal(encodingFor(undefined), null);
});

test('brotli once compressed, gzip for others, identity for images; own ETags, Vary, 304', async () => {
  await brotliSettled();
  const br = await fetchRaw('/app.0123abcd.js', { 'accept-encoding': 'gzip, br' });
  assert.equal(br.r.headers.get('content-encoding'), 'br');
  assert.equal(br.r.headers.get('vary'), 'Accept-Encoding');
  assert.equal(br.r.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(brotliDecompressSync(br.body).toString(), text);
  const gz = await fetchRaw('/app.0123abcd.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.r.headers.get('content-encoding'), 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), text);
  assert.notEqual(br.r.headers.get('etag'), gz.r.headers.get('etag'));
  const first = await fetchRaw('/remoteEntry.js', { 'accept-encoding': 'br' });
  assert.equal(first.r.headers.get('cache-control'), 'no-cache');
  const again = await fetchRaw('/remoteEntry.js', {
    'accept-encoding': 'br',
    'if-none-match': first.r.headers.get('etag'),
  });
  assert.equal(again.r.status, 304);
  const png = await fetchRaw('/logo.png', { 'accept-encoding': 'br' });
  assert.equal(png.r.headers.get('content-encoding'), null);
});

describe('API answers are compressed on their way through the shell', () => {
  const big = JSON.stringify({
    data: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: 'မောင် Aung', township: 'Hlaing Tharyar' })),
    status: 'success',
  });
  const small = JSON.stringify({ data: { id: 1 }, status: 'success' });
  let api;
  let shell;
  let at;
  before(async () => {
    api = http.createServer((req, res) => {
      const [body, type] =
        req.url === '/api/v1/small'
          ? [small, 'application/json']
          : req.url === '/api/v1/file'
            ? ['not json '.repeat(500), 'video/mp4']
            : [big, 'application/json; charset=utf-8'];
      res.writeHead(req.url === '/api/v1/none' ? 204 : 200, {
        'Content-Type': type,
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      res.end(req.url === '/api/v1/none' || req.method === 'HEAD' ? undefined : body);
    });
    await new Promise((r) => api.listen(0, '127.0.0.1', r));
    shell = await serveStatic({ dir, port: 0, spa: true, apiTarget: `http://127.0.0.1:${api.address().port}` });
    at = `http://127.0.0.1:${shell.address().port}`;
  });
  after(async () => {
    await Promise.all([shell, api].map((s) => new Promise((r) => s.close(r))));
  });
  const fetchApi = (path, headers, method = 'GET') =>
    new Promise((resolve, reject) => {
      http
        .request(`${at}${path}`, { headers, method }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  test('brotli, else gzip, else as sent; the same JSON after decoding, chunked, Vary and no-store kept', async () => {
    const br = await fetchApi('/api/v1/patients-export', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['content-length'], undefined);
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(br.headers['cache-control'], 'no-store');
    assert.equal(brotliDecompressSync(br.body).toString(), big);
    assert.ok(br.body.length * 10 < Buffer.byteLength(big), `${br.body.length} bytes of ${Buffer.byteLength(big)}`);
    const gz = await fetchApi('/api/v1/patients-export', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), big);
    const plain = await fetchApi('/api/v1/patients-export', {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-length'], String(Buffer.byteLength(big)));
    assert.equal(plain.body.toString(), big);
  });

  test('small answers, empty ones, HEAD and files other than JSON or text go as sent', async () => {
    const tiny = await fetchApi('/api/v1/small', { 'accept-encoding': 'br' });
    assert.equal(tiny.headers['content-encoding'], undefined);
    assert.equal(tiny.body.toString(), small);
    assert.equal(tiny.headers.vary, 'Accept-Encoding');
    const none = await fetchApi('/api/v1/none', { 'accept-encoding': 'br' });
    assert.equal(none.status, 204);
    assert.equal(none.headers['content-encoding'], undefined);
    const head = await fetchApi('/api/v1/patients-export', { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.headers['content-encoding'], undefined);
    const file = await fetchApi('/api/v1/file', { 'accept-encoding': 'br' });
    assert.equal(file.headers['content-encoding'], undefined);
    assert.equal(file.headers.vary, undefined);
  });

  test('withAcceptEncoding adds the name once', () => {
    assert.equal(withAcceptEncoding(undefined), 'Accept-Encoding');
    assert.equal(withAcceptEncoding('Origin'), 'Origin, Accept-Encoding');
    assert.equal(withAcceptEncoding('accept-encoding'), 'accept-encoding');
    assert.equal(withAcceptEncoding('*'), '*');
  });
});
