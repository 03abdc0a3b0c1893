import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  appSignIn,
  appWorld,
  MP4_BYTES,
  multipart,
  ownVisit,
  PNG_BYTES,
  sendVisit,
  storedFiles,
  V,
} from './app-fixtures';
import type { AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * Sends a multipart upload over HTTP as a phone on a slow link does: the fields at once, then a
 * video part trickled 64 KB at a time for up to `seconds`. Answers the status, the message, and
 * how many video bytes had gone out when the answer came.
 */
function slowUpload(
  base: string,
  token: string,
  fields: Record<string, string>,
  seconds: number,
): Promise<{ status: number; message: string; sentWhenAnswered: number; total: number }> {
  const boundary = `----vot${randomUUID().replace(/-/g, '')}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const videoHead = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const piece = 64 * 1024;
  const pieces = seconds * 10;
  const total = MP4_BYTES.length + piece * pieces;
  const length = Buffer.byteLength(head) + Buffer.byteLength(videoHead) + total + `\r\n--${boundary}--\r\n`.length;
  let sent = 0;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${V}/app/DOTs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('response', (res) => {
      const sentWhenAnswered = sent;
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, message: JSON.parse(body).message, sentWhenAnswered, total }),
      );
    });
    // The server closing mid-body is expected once it has answered.
    req.on('error', (error) => sent < total && !req.destroyed && reject(error));
    void (async () => {
      req.write(head + videoHead);
      req.write(MP4_BYTES);
      sent = MP4_BYTES.length;
      for (let i = 0; i < pieces && !req.destroyed; i++) {
        await sleep(100);
        if (req.destroyed || req.writableEnded) return;
        req.write(Buffer.alloc(piece, 3));
        sent += piece;
      }
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

// A repeated multipart upload (the first answer was lost) is answered from the record before any
// file part is read: the phone learns it is stored in one small exchange, not after its video.
const [backend] = await backends();
describe('a repeated multipart upload', () => {
  const filesDir = mkdtempSync(join(tmpdir(), 'vot-app-repeat-'));
  after(() => rmSync(filesDir, { recursive: true, force: true }));
  const t = useApp(backend!, { filesDir });
  let w: AppWorld;
  let v1: Client;
  let base: string;
  const record = () => ownVisit(w.a.id, daysAgo(15), { late_remark: 'Late' });

  before(async () => {
    w = await appWorld(t);
    v1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  for (const form of ['the uuid field first', 'the data field first'] as const) {
    it(`is answered "already stored" before its video is read (${form})`, async () => {
      const visit = record();
      visit.date = daysAgo(form === 'the uuid field first' ? 15 : 14);
      assert.equal((await sendVisit(v1, visit, { sign: PNG_BYTES })).statusCode, 201);
      const files = (await storedFiles(t)).length;
      const fields: Record<string, string> =
        form === 'the uuid field first'
          ? { uuid: visit.uuid, data: JSON.stringify(visit) }
          : { data: JSON.stringify(visit) };
      const started = Date.now();
      const answer = await slowUpload(base, v1.token, fields, 5);
      assert.equal(answer.status, 200);
      assert.equal(answer.message, 'DOT has already been stored.');
      assert.ok(
        answer.sentWhenAnswered < answer.total / 4,
        `answered after ${answer.sentWhenAnswered} of ${answer.total} video bytes`,
      );
      assert.ok(Date.now() - started < 2500, 'answered at once, not after the video');
      assert.equal((await storedFiles(t)).length, files, 'nothing of the repeat stored');
    });
  }

  it('refuses a uuid field that is not the record’s own (400), and a record’s own goes on to be stored', async () => {
    const visit = record();
    visit.date = daysAgo(13);
    const wrong = multipart({ uuid: randomUUID(), data: JSON.stringify(visit) }, { sign: { bytes: PNG_BYTES } });
    const refused = await v1.inject({ method: 'POST', url: 'app/DOTs', ...wrong });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json().errors, { uuid: ["uuid must be the record's own uuid!"] });
    const right = multipart({ uuid: visit.uuid, data: JSON.stringify(visit) }, { sign: { bytes: PNG_BYTES } });
    const created = await v1.inject({ method: 'POST', url: 'app/DOTs', ...right });
    assert.equal(created.statusCode, 201, created.body);
  });
});
