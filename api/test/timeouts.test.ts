import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { appSignIn, appWorld, MP4_BYTES, multipart, V, type AppWorld } from './app-fixtures';
import { backends, useApp } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * How long a request may take to arrive (http/timeouts.ts), over real connections: an upload
 * that keeps moving is never cut, a stalled one is after the upload idle time, a JSON body
 * trickled a byte at a time ends; and with `Expect: 100-continue` a refusal comes before the body.
 */
const TIMEOUTS = { idleMs: 5_000, uploadIdleMs: 400, bodyMs: 400 };

interface Exchange {
  text: string;
  closedAfterMs: number;
}

/** Writes `head`, then `body` in `pieces` pieces `gapMs` apart (stopping after `stallAfter`), and reads until the server closes. */
function exchange(
  port: number,
  head: string,
  body: Buffer,
  { pieces = 1, gapMs = 0, stallAfter = Infinity, waitForContinue = false } = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (text += d));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e),
    );
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.write(head);
    void (async () => {
      if (waitForContinue) {
        await sleep(300);
        if (!text.startsWith('HTTP/1.1 100')) return;
      }
      const size = Math.ceil(body.length / pieces);
      for (let i = 0; i < pieces && i < stallAfter && !socket.destroyed; i++) {
        socket.write(body.subarray(i * size, (i + 1) * size));
        if (gapMs) await sleep(gapMs);
      }
    })();
  });
}

const statusOf = (text: string) =>
  Number(/^HTTP\/1\.1 (\d+)/.exec(text.replace(/^HTTP\/1\.1 100[^\r]*\r\n\r\n/, ''))?.[1]);

for (const backend of await backends()) {
  describe(`request timeouts on ${backend.name}`, { timeout: 60_000 }, () => {
    const t = useApp(backend, { timeouts: TIMEOUTS });
    let w: AppWorld;
    let port = 0;
    let token = '';
    before(async () => {
      w = await appWorld(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
      const patient = await appSignIn(t.app, 'patient', w.codes.a);
      token = patient.token;
    });

    function videoUpload() {
      const record = { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3 };
      const { payload, headers } = multipart(
        { data: JSON.stringify(record) },
        { video: { bytes: Buffer.concat([MP4_BYTES, Buffer.alloc(40_000, 1)]) } },
      );
      const head =
        `POST ${V}/app/DOTs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`;
      return { head, payload };
    }

    it('an upload that keeps moving for many idle times is stored', async () => {
      const { head, payload } = videoUpload();
      // 16 pieces 150 ms apart: 2.4 s, six upload idle times, never silent for one.
      const answer = await exchange(port, head, payload, { pieces: 16, gapMs: 150 });
      assert.equal(statusOf(answer.text), 201, answer.text);
    });

    it('an upload that stalls is cut after the upload idle time', async () => {
      const { head, payload } = videoUpload();
      const answer = await exchange(port, head, payload, { pieces: 16, gapMs: 50, stallAfter: 4 });
      assert.ok(answer.closedAfterMs < TIMEOUTS.uploadIdleMs * 8, `${answer.closedAfterMs} ms`);
      assert.ok(!answer.text.includes(' 201 '), answer.text);
    });

    it('a JSON body trickled a byte at a time is cut with a 408, though it never went silent', async () => {
      const body = Buffer.from(JSON.stringify({ email: 'nobody@test.local', password: 'x'.repeat(40) }));
      const head = `POST ${V}/io-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      const answer = await exchange(port, head, body, { pieces: body.length, gapMs: 60 });
      assert.equal(statusOf(answer.text), 408, answer.text);
      assert.ok(answer.closedAfterMs < TIMEOUTS.bodyMs * 4, `${answer.closedAfterMs} ms`);
    });

    it('with Expect: 100-continue, a body past the limit is refused 413 before it is sent; one within it is asked for', async () => {
      const big = `POST ${V}/io-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\nExpect: 100-continue\r\n\r\n`;
      const refused = await exchange(port, big, Buffer.alloc(0));
      assert.ok(!refused.text.startsWith('HTTP/1.1 100'), refused.text);
      assert.equal(statusOf(refused.text), 413, refused.text);

      const body = Buffer.from(JSON.stringify({ email: 'nobody@test.local', password: 'not the password' }));
      const small =
        `POST ${V}/io-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`;
      const asked = await exchange(port, small, body, { waitForContinue: true });
      assert.match(asked.text, /^HTTP\/1\.1 100 Continue/);
      assert.equal(statusOf(asked.text), 401, asked.text);
    });
  });
}
