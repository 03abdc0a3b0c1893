// The static server faces the network: hostile request-targets, the open-proxy hole, security
// headers, source maps. Raw sockets, because an HTTP client would normalise the very targets tested.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serveStatic } from '../serve.mjs';

/** Sends one raw request and resolves with the status line's code, headers and body. */
function raw(port, head) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [headText, ...rest] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = headText.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}
const get = (port, target, method = 'GET') => raw(port, `${method} ${target} HTTP/1.1`);

/** A server recording every request it receives (the API, and a host an attacker would aim at). */
async function recorder(reply) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, seen, port: server.address().port };
}

let dir, shell, api, intruder, port;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vot-serve-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(
    join(dir, 'dist', 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><div id="root"></div>',
  );
  writeFileSync(join(dir, 'dist', 'main.js'), 'console.log(1)');
  writeFileSync(join(dir, 'dist', 'main.js.map'), '{"sources":["secret.ts"]}');
  writeFileSync(join(dir, 'dist', 'page.0123abcd.js'), 'console.log(2)');
  writeFileSync(
    join(dir, 'remotes.json'),
    JSON.stringify({
      remotes: {
        a: { entry: 'http://127.0.0.1:3901/mf-manifest.json', enabled: true },
        b: { entry: 'https://cdn.example/b/mf-manifest.json', enabled: false },
      },
    }),
  );
  api = await recorder({ from: 'api' });
  intruder = await recorder({ from: 'intruder' });
  shell = await serveStatic({
    dir: join(dir, 'dist'),
    port: 0,
    spa: true,
    apiTarget: `http://127.0.0.1:${api.port}`,
    remotesJson: join(dir, 'remotes.json'),
  });
  port = shell.address().port;
});
after(async () => {
  await Promise.all([shell, api.server, intruder.server].map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

describe('the API is reached at its configured address only', () => {
  test('an ordinary /api request is forwarded with its path and query', async () => {
    const r = await get(port, '/api/v1/regions?page=2');
    assert.equal(r.status, 200);
    assert.match(r.body, /"api"/);
    assert.equal(api.seen.at(-1).url, '/api/v1/regions?page=2');
  });

  for (const form of ['//HOST/api/v1/regions', 'http://HOST/api/v1/regions', '/\\HOST/api/v1/regions']) {
    test(`${form} is refused and reaches no other host`, async () => {
      const before = api.seen.length;
      const r = await get(port, form.replace('HOST', `127.0.0.1:${intruder.port}`));
      assert.equal(r.status, 400);
      assert.equal(intruder.seen.length, 0);
      assert.equal(api.seen.length, before);
    });
  }

  test('an API that cannot be reached is a 502 with a message', async () => {
    const down = await serveStatic({ dir: join(dir, 'dist'), port: 0, spa: true, apiTarget: 'http://127.0.0.1:1' });
    try {
      const r = await get(down.address().port, '/api/v1/user');
      assert.equal(r.status, 502);
      assert.match(r.body, /cannot be reached/);
    } finally {
      await new Promise((r) => down.close(r));
    }
  });

  test('the client cannot choose the forwarded address', async () => {
    await raw(port, 'GET /api/v1/me HTTP/1.1\r\nX-Forwarded-For: 10.9.9.9');
    assert.equal(api.seen.at(-1).headers['x-forwarded-for'], '127.0.0.1');
  });
});

describe('malformed requests are a 400 and the server keeps running', () => {
  for (const target of [
    '/%',
    '/%E0%A4%A',
    '//',
    'https://x/api/a',
    '/%00',
    '/api/%',
    '*',
    '/..%2f..%2f..%2fetc%2fpasswd',
  ]) {
    test(`GET ${target}`, async () => {
      const r = await get(port, target);
      assert.ok([400, 403, 404].includes(r.status), `status ${r.status}`);
      assert.equal((await get(port, '/main.js')).status, 200);
    });
  }

  test('a client sending its headers too slowly is cut off (slowloris)', async () => {
    const slow = await serveStatic({ dir: join(dir, 'dist'), port: 0, headersTimeoutMs: 300 });
    try {
      const socket = net.connect(slow.address().port, '127.0.0.1');
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      let data = '';
      socket.setEncoding('latin1').on('data', (d) => (data += d));
      const started = Date.now();
      await new Promise((r) => socket.once('close', r));
      assert.ok(Date.now() - started < 5_000);
      assert.match(data, /^HTTP\/1\.1 408/);
    } finally {
      await new Promise((r) => slow.close(r));
    }
  });

  test('a huge header is refused, and the server still answers', async () => {
    const r = await raw(port, `GET / HTTP/1.1\r\nX-Big: ${'a'.repeat(70_000)}`);
    assert.equal(r.status, 431);
    assert.equal((await get(port, '/')).status, 200);
  });
});

describe('security headers', () => {
  test('the page has a strict policy with a fresh nonce, which the page carries', async () => {
    const a = await get(port, '/admin/region-list');
    const b = await get(port, '/');
    assert.equal(a.status, 200);
    const csp = a.headers['content-security-policy'];
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self' http:\/\/127\.0\.0\.1:3901(;|$)/);
    // A disabled remote's code may not run; its module.json may be read (its deep links explain themselves).
    assert.doesNotMatch(csp.replace(/connect-src[^;]*/, ''), /cdn\.example/);
    assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:3901 https:\/\/cdn\.example(;|$)/);
    const nonce = csp.match(/'nonce-([^']+)'/)[1];
    assert.match(a.body, new RegExp(`nonce="${nonce.replace(/[+/]/g, '\\$&')}"`));
    assert.doesNotMatch(a.body, /__CSP_NONCE__/);
    assert.notEqual(b.headers['content-security-policy'].match(/'nonce-([^']+)'/)[1], nonce);
    assert.equal(a.headers['cache-control'], 'no-store');
  });

  for (const target of ['/', '/main.js', '/page.0123abcd.js', '/remotes.json', '/missing.js', '/%']) {
    test(`${target} carries nosniff, a referrer and permissions policy, and refuses framing`, async () => {
      const r = await get(port, target);
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.headers['referrer-policy'], 'no-referrer');
      assert.match(r.headers['permissions-policy'], /camera=\(\)/);
      assert.match(r.headers['content-security-policy'], /frame-ancestors 'none'/);
    });
  }

  test('source maps are not served', async () => {
    assert.equal((await get(port, '/main.js.map')).status, 404);
  });
});
