// Static files are compressed for the township link: brotli once it is ready (in the background),
// gzip until then and for browsers without brotli, each encoding with its own ETag, and Vary.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { brotliSettled, encodingFor, serveStatic } from '../serve.mjs';

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
    http.get(`${base}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ r: { status: res.statusCode, headers: { get: (n) => res.headers[n] ?? null } }, body: Buffer.concat(chunks) }));
    }).on('error', reject);
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
  const again = await fetchRaw('/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': first.r.headers.get('etag') });
  assert.equal(again.r.status, 304);
  const png = await fetchRaw('/logo.png', { 'accept-encoding': 'br' });
  assert.equal(png.r.headers.get('content-encoding'), null);
});
