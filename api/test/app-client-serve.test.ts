import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { AppClient, ApiError } from '../../tools/app-client/client';
import type { PhoneState } from '../../tools/app-client/storage';
import { appWorld, INITIAL, MP4_BYTES, type AppWorld } from './app-fixtures';
import { backends, useApp } from './helpers';
import { daysAgo } from './vot-fixtures';

const SERVE = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));
/** npm start's server's idle limit, lowered for the test (VOT_SERVE_IDLE_SECONDS): 90 s otherwise. */
const IDLE_S = 1.5;
const PASSWORD = 'a phone password of my own';

/** Starts scripts/serve.mjs as npm start does for the shell (a page, /api forwarded), on any free port. */
async function startServe(dir: string, apiUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVE, '--dir', dir, '--port', '0', '--spa', '--api', apiUrl], {
    env: { ...process.env, VOT_SERVE_IDLE_SECONDS: String(IDLE_S) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const found = /on (http:\/\/\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs ended (${code})`)));
  });
  return { child, url };
}

/** A PATCH body sent `piece` bytes every `gapMs` (a slow link), or stopped after `stopAt` bytes (a link gone silent). */
function slowBody(whole: Uint8Array, piece: number, gapMs: number, stopAt = Infinity): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= Math.min(whole.length, stopAt)) {
        if (at >= whole.length) controller.close();
        return new Promise(() => undefined); // silent: nothing more, never closed
      }
      if (at > 0) await new Promise((r) => setTimeout(r, gapMs));
      const end = Math.min(whole.length, stopAt, at + piece);
      controller.enqueue(whole.subarray(at, end));
      at = end;
    },
  });
}

// "Done when the flow works through npm start": the reference client against scripts/serve.mjs
// (npm start's server and proxy), not the API directly.
const [backend] = await backends();
describe('the reference app client through npm start’s server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vot-app-serve-'));
  const t = useApp(backend!, { filesDir: join(dir, 'files') });
  let w: AppWorld;
  let serve: { child: ChildProcess; url: string };
  /** How the next PATCH's body goes: whole, trickled, or stopped. */
  let patchBody: ((whole: Uint8Array) => ReadableStream<Uint8Array>) | null = null;
  /** The offsets the server reported to HEAD. */
  const offsets: number[] = [];
  const link: typeof fetch = async (input, init) => {
    if (init?.method === 'PATCH' && patchBody) {
      const body = patchBody(init.body as Uint8Array);
      patchBody = null;
      return fetch(input, { ...init, body, duplex: 'half' } as RequestInit);
    }
    const res = await fetch(input, init);
    if (init?.method === 'HEAD') offsets.push(Number(res.headers.get('upload-offset')));
    return res;
  };
  const signedIn = async (code: string) => {
    const phone = new AppClient({ baseUrl: serve.url, fetch: link });
    await phone.signIn('patient', code, INITIAL);
    await phone.changePassword(INITIAL, PASSWORD);
    return phone;
  };
  const video = (size: number) => Buffer.concat([MP4_BYTES, Buffer.alloc(size - MP4_BYTES.length, 9)]);

  before(async () => {
    w = await appWorld(t);
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>VOT</title>');
    serve = await startServe(join(dir, 'dist'), await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  after(() => {
    serve?.child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the record first; its video, cut at half by a silent link, resumes from the offset the server reports', async () => {
    const phone = await signedIn(w.codes.a);
    const bytes = video(400_000);
    const uuid = phone.recordVisit({ patient_id: w.a.id, date: daysAgo(0), work: 3, remark: 'my dose' });
    assert.deepEqual((await phone.flush()).stored, [uuid]);
    assert.equal(phone.records[uuid]!.video_state, 'uploading', 'the record is stored before its video');

    // Half the video, then silence: npm start's server cuts the connection after its idle limit.
    const started = Date.now();
    patchBody = (whole) => slowBody(whole, 64 * 1024, 0, whole.length / 2);
    const broken = await phone.uploadFile(uuid, 'video', bytes).catch((e: unknown) => e);
    assert.ok(broken instanceof Error, 'the transfer broke');
    assert.ok(Date.now() - started < IDLE_S * 1000 * 8, 'cut soon after the idle limit');

    const resumed = await phone.uploadFile(uuid, 'video', bytes);
    const reported = offsets.at(-1)!;
    assert.ok(reported > 0 && reported <= bytes.length / 2, `the server held ${reported} bytes`);
    assert.equal(resumed, bytes.length - reported, 'only the rest was sent, from the offset the server reported');

    const state = (phone as unknown as { state: PhoneState }).state;
    const res = await fetch(`${serve.url}/api/v1/app/DOTs/${uuid}`, {
      headers: { authorization: `Bearer ${state.token}` },
    });
    const record = ((await res.json()) as { data: { video_state: string; video_url: string } }).data;
    assert.equal(record.video_state, 'stored');
    assert.deepEqual(
      Buffer.from(await phone.file(record.video_url)),
      bytes,
      'the signed link serves exactly the bytes sent',
    );
  });

  it('refuses a staff token', async () => {
    const staff = await fetch(`${serve.url}/api/v1/app/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await t.signInAs('Admin')).token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      },
    });
    assert.equal(staff.status, 401);
    const phone = new AppClient({ baseUrl: serve.url, fetch: link });
    const refused = await phone.patients().catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError && refused.status === 401, 'and an app call without a token');
  });

  it('lets a slow upload that keeps moving run past the idle limit', async () => {
    const phone = await signedIn(w.codes.b);
    const bytes = video(64 * 1024);
    const uuid = phone.recordVisit({ patient_id: w.b.id, date: daysAgo(0), work: 3, remark: 'my dose' });
    assert.deepEqual((await phone.flush()).stored, [uuid]);
    const started = Date.now();
    // 4 KB every 250 ms: about 4 s in all, well past the idle limit, never silent for long.
    patchBody = (whole) => slowBody(whole, 4 * 1024, 250);
    assert.equal(await phone.uploadFile(uuid, 'video', bytes), bytes.length);
    const took = Date.now() - started;
    assert.ok(took > IDLE_S * 1000 * 2.5, `moving for ${took} ms`);
    await phone.sync();
    const record = phone.records[uuid]!;
    assert.equal(record.video_state, 'stored');
    assert.deepEqual(Buffer.from(await phone.file(record.video_url!)), bytes);
  });
});
