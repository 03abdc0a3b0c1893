// docs/nginx.conf.example, run: an upload larger than nginx's default body limit reaches the API,
// streamed as it arrives (request buffering off), and a slow upload that keeps moving is not cut.
// Opt-in by presence: skipped where nginx is not installed (`apt-get install -y nginx-light`).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

/** A free port on the loopback. */
async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/** The example as a test runs it: plain HTTP on `port`, the API at `apiPort`, files and logs in `dir`. */
export function testConfig(example, { port, apiPort, dir }) {
  const server = example
    .replace(/^\s*(ssl_|http2 |add_header Strict)[^\n]*\n/gm, '')
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`)
    .replace('server 127.0.0.1:4000;', `server 127.0.0.1:${apiPort};`)
    .replace('root /srv/vot/shell;', `root ${dir};`);
  assert.notEqual(server, example);
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server}
}
`;
}

describe('the reverse proxy of docs/nginx.conf.example', { skip: !nginx && 'nginx is not installed' }, () => {
  let dir, proc, port;
  /** Per request: the body bytes the API had when the client had sent its first half, and in all. */
  const api = { seen: [] };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vot-nginx-'));
    api.server = http.createServer((req, res) => {
      const entry = { bytes: 0 };
      api.seen.push(entry);
      req.on('data', (chunk) => (entry.bytes += chunk.length));
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(entry)));
    });
    await new Promise((r) => api.server.listen(0, '127.0.0.1', r));
    port = await freePort();
    const example = readFileSync(join(root, 'docs', 'nginx.conf.example'), 'utf8');
    const config = join(dir, 'nginx.conf');
    writeFileSync(config, testConfig(example, { port, apiPort: api.server.address().port, dir }));
    proc = spawn(nginx, ['-p', dir, '-c', config], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (
        await new Promise((r) =>
          net
            .connect(port, '127.0.0.1')
            .on('connect', function () {
              this.destroy();
              r(true);
            })
            .on('error', () => r(false)),
        )
      )
        break;
      await sleep(100);
    }
  });
  after(async () => {
    proc?.kill('SIGTERM');
    await new Promise((r) => api.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  test('a 3 MB upload passes, streamed to the API while the client still sends', async () => {
    const half = Buffer.alloc(1_500_000, 0x61);
    const answer = await new Promise((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: '/api/v1/up', headers: { 'content-length': half.length * 2 } },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      req.write(half);
      void (async () => {
        await sleep(700);
        api.midway = api.seen.at(-1)?.bytes ?? 0;
        req.end(half);
      })();
    });
    assert.equal(answer.status, 201, answer.body);
    assert.equal(JSON.parse(answer.body).bytes, half.length * 2);
    assert.ok(api.midway > 0, 'the API had bytes before the client finished (request buffering off)');
  });
});
