// Uploads through the console's own server (npm start): a slow upload that keeps moving is never
// cut, a stalled one is, and the API's early answer (a 413 while the body still comes) reaches the
// client as it is, not as a 502.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveStatic } from '../serve.mjs';

/** An API that counts the body bytes it reads, or refuses from the headers alone (as Fastify's body limit does). */
async function fakeApi() {
  const api = { received: [] };
  api.server = http.createServer((req, res) => {
    if (req.url.endsWith('/refuse')) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      return void res.end('{"message":"too large"}');
    }
    let bytes = 0;
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      api.received.push(bytes);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes }));
    });
  });
  await new Promise((r) => api.server.listen(0, '127.0.0.1', r));
  return api;
}

/** Sends `chunks` pieces of `size` bytes, `gapMs` apart (a slow link); `stallAfter` pieces, then silence. */
function trickle(port, { path, chunks, size, gapMs, stallAfter = Infinity }) {
  return new Promise((resolve) => {
    const req = http.request(
      { port, host: '127.0.0.1', method: 'POST', path, headers: { 'content-length': chunks * size } },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', (e) => resolve({ status: e.code }));
    void (async () => {
      for (let i = 0; i < Math.min(chunks, stallAfter); i++) {
        if (req.destroyed) return;
        req.write(Buffer.alloc(size, 0x61));
        await sleep(gapMs);
      }
      if (stallAfter >= chunks) req.end();
    })();
  });
}

let dir, api, shell, port;
const IDLE_MS = 400;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vot-serve-up-'));
  api = await fakeApi();
  shell = await serveStatic({
    dir,
    port: 0,
    apiTarget: `http://127.0.0.1:${api.server.address().port}`,
    idleTimeoutMs: IDLE_MS,
  });
  port = shell.address().port;
});
after(async () => {
  await Promise.all([shell, api.server].map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

describe('an upload on a slow link', () => {
  test('one that keeps moving for many idle times is forwarded whole', async () => {
    // 20 pieces 150 ms apart: 3 s in all, 7 idle times, never silent for one.
    const answer = await trickle(port, { path: '/api/v1/up', chunks: 20, size: 16 * 1024, gapMs: 150 });
    assert.equal(answer.status, 201);
    assert.deepEqual(JSON.parse(answer.body), { bytes: 20 * 16 * 1024 });
  });

  test('one that stalls is cut after the idle time with a 408', async () => {
    const started = Date.now();
    const answer = await trickle(port, { path: '/api/v1/up', chunks: 20, size: 1024, gapMs: 50, stallAfter: 3 });
    assert.equal(answer.status, 408);
    assert.ok(Date.now() - started < IDLE_MS * 10, 'cut soon after the idle time');
  });
});

describe("the API's early answer", () => {
  test('a 413 decided from the headers reaches the client as 413 every time', async () => {
    const body = Buffer.alloc(3_000_000, 0x61);
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        await new Promise((resolve) => {
          const req = http.request(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/api/v1/refuse',
              headers: { 'content-length': body.length },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          );
          req.on('error', (e) => resolve(e.code));
          req.end(body);
        }),
      );
    }
    assert.deepEqual(statuses, Array(8).fill(413));
  });
});
