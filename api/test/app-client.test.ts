import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { AppClient, ApiError } from '../../tools/app-client/client';
import { FileStorage, MemoryStorage, type PhoneState } from '../../tools/app-client/storage';
import { appSessions } from '../src/db/schema';
import { hashToken } from '../src/lib/secrets';
import { appWorld, INITIAL, MP4_BYTES, PNG_BYTES, type AppWorld } from './app-fixtures';
import { Contract } from './contract';
import { backends, useApp } from './helpers';
import { daysAgo } from './vot-fixtures';

const NEW_PASSWORD = 'a new phone password';
/** What the phone holds, as a test reads it. */
const held = (phone: AppClient) => (phone as unknown as { state: PhoneState }).state;

for (const backend of await backends()) {
  describe(`the reference app client over HTTP on ${backend.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-app-client-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir: join(dir, 'files') });
    let w: AppWorld;
    let baseUrl = '';
    let online = true;
    const contract = new Contract();
    const violations = new Set<string>();

    /** Bytes after which the next PATCH's body breaks off (a dropped link mid-transfer); null: none. */
    let cutPatchAt: number | null = null;
    /** The phone's link: HTTP to the API, cut while `online` is false; every answer held against docs/openapi.json. */
    const link: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('fetch failed');
      if (init?.method === 'PATCH' && cutPatchAt !== null) {
        const whole = init.body as Uint8Array;
        const at = cutPatchAt;
        cutPatchAt = null;
        // The first `at` bytes go out, then the connection breaks.
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            controller.enqueue(whole.subarray(0, at));
            await new Promise((r) => setTimeout(r, 200));
            controller.error(new Error('link dropped'));
          },
        });
        return fetch(input, { ...init, body, duplex: 'half' } as RequestInit);
      }
      const res = await fetch(input, init);
      const text = await res.clone().text();
      const answer = {
        statusCode: res.status,
        headers: { 'content-type': res.headers.get('content-type') ?? undefined },
        body: text,
        json: () => JSON.parse(text) as unknown,
      };
      for (const v of contract.check({ method: init?.method ?? 'GET', url: String(input) } as never, answer as never))
        violations.add(v);
      return res;
    };

    before(async () => {
      w = await appWorld(t);
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => assert.deepEqual([...violations], [], 'answers as docs/openapi.json declares them'));

    it('signs in, changes the initial password, and gets the doorstep and the handouts', async () => {
      const phone = new AppClient({ baseUrl, fetch: link });
      const signedIn = await phone.signIn('volunteer', w.codes.volunteer2, INITIAL);
      assert.equal(signedIn.must_change_password, true);
      await phone.changePassword(INITIAL, NEW_PASSWORD);
      const patients = await phone.patients();
      assert.deepEqual(patients.map((p) => p.id).sort(), [w.a.id, w.b.id].sort());
      assert.ok(patients.every((p) => p.today.expected && p.recent_days.length === 7));
      assert.deepEqual(await phone.handouts(), []);
      const wrong = await new AppClient({ baseUrl, fetch: link })
        .signIn('volunteer', w.codes.volunteer2, INITIAL)
        .catch((e) => e);
      assert.ok(wrong instanceof ApiError && wrong.status === 401, 'the initial password is gone');
    });

    it('queues visits offline, uploads each record then its files, and is answered once per uuid', async () => {
      const storage = new FileStorage(join(dir, 'phone.json'));
      const phone = new AppClient({ baseUrl, fetch: link, storage });
      await phone.signIn('volunteer', w.codes.volunteer2, NEW_PASSWORD);
      const medicines = [{ medicine_name: 'Bedaquiline', quantity: 2 }];
      online = false;
      const own = phone.recordVisit(
        { patient_id: w.b.id, date: daysAgo(0), work: 1, work_status: true, DOT_records: medicines },
        { sign: PNG_BYTES },
      );
      const observed = phone.recordVisit(
        { patient_id: w.a.id, date: daysAgo(1), work: 2, work_status: true, late_remark: 'No signal yesterday' },
        { video: MP4_BYTES },
      );
      const lateWithoutRemark = phone.recordVisit({
        patient_id: w.a.id,
        date: daysAgo(2),
        work: 2,
        work_status: false,
      });
      assert.deepEqual(await phone.flush(), { stored: [], alreadyStored: [], refused: [], waiting: 3 });

      // The app restarts: the queue is on disk.
      const restarted = new AppClient({ baseUrl, fetch: link, storage });
      assert.equal(restarted.queue.length, 3);
      online = true;
      const sent = await restarted.flush();
      assert.deepEqual(sent, { stored: [own, observed], alreadyStored: [], refused: [lateWithoutRemark], waiting: 0 });
      assert.deepEqual(
        restarted.queue.map((q) => [q.record.uuid, q.refused]),
        [[lateWithoutRemark, { status: 400, message: 'Remark for being late is required!' }]],
      );
      assert.equal(await restarted.isStored(own), true);
      assert.equal(await restarted.isStored(lateWithoutRemark), false);

      // The first answer was lost: the same uuid again is "already stored", and no second record.
      restarted.recordVisit(
        { uuid: own, patient_id: w.b.id, date: daysAgo(0), work: 1, work_status: true },
        { sign: PNG_BYTES },
      );
      assert.deepEqual((await restarted.flush()).alreadyStored, [own]);
      const signature = await restarted.file(restarted.records[own]!.sign_url!);
      assert.deepEqual(Buffer.from(signature), PNG_BYTES);
    });

    it('restores a new phone with the sync cursor, and keeps in step', async () => {
      const phone = new AppClient({ baseUrl, fetch: link, storage: new MemoryStorage() });
      await phone.signIn('volunteer', w.codes.volunteer2, NEW_PASSWORD);
      assert.equal(await phone.sync(), 2);
      const records = Object.values(phone.records);
      assert.deepEqual(records.map((r) => r.work).sort(), [1, 2]);
      assert.ok(
        records.every((r) => !('video' in r) && !('sign' in r)),
        'no stored file names',
      );
      const video = records.find((r) => r.work === 2)!;
      assert.deepEqual(Buffer.from(await phone.file(video.video_url!)), MP4_BYTES);
      // Records of the last minute come again at the next sync: kept by uuid, nothing doubles.
      await phone.sync();
      assert.equal(Object.keys(phone.records).length, 2);
      const patient = new AppClient({ baseUrl, fetch: link });
      await patient.signIn('patient', w.codes.a, INITIAL);
      await patient.changePassword(INITIAL, NEW_PASSWORD);
      assert.equal(await patient.sync(), 0, "the volunteer's records are not the patient's own");
    });

    it('sends a video sent record first, then its video resumably: broken at half, resumed from the offset the server holds', async () => {
      const patient = new AppClient({ baseUrl, fetch: link });
      await patient.signIn('patient', w.codes.a, NEW_PASSWORD);
      const video = Buffer.concat([MP4_BYTES, Buffer.alloc(300_000, 7)]);
      const uuid = patient.recordVisit({ patient_id: w.a.id, date: daysAgo(0), work: 3, remark: 'my dose' });
      assert.deepEqual((await patient.flush()).stored, [uuid]);
      assert.equal(patient.records[uuid]!.video_state, 'uploading', 'the record is stored before its video');

      cutPatchAt = Math.floor(video.length / 2);
      const broken = await patient.uploadFile(uuid, 'video', video).catch((e: unknown) => e);
      assert.ok(broken instanceof Error, 'the transfer broke');
      const resumedBytes = await patient.uploadFile(uuid, 'video', video);
      assert.ok(
        resumedBytes > 0 && resumedBytes < video.length,
        `resumed with ${resumedBytes} of ${video.length} bytes`,
      );

      const stored = await patient.isStored(uuid);
      assert.ok(stored);
      const res = await link(`${baseUrl}/api/v1/app/DOTs/${uuid}`, {
        headers: { authorization: `Bearer ${(patient as unknown as { state: { token: string } }).state.token}` },
      });
      const record = ((await res.json()) as { data: { video_state: string; video_url: string } }).data;
      assert.equal(record.video_state, 'stored');
      assert.deepEqual(
        Buffer.from(await patient.file(record.video_url)),
        video,
        'the signed link serves exactly the bytes sent',
      );
      assert.equal(await patient.uploadFile(uuid, 'video', video), 0, 'a video already attached is not sent again');

      const staff = await fetch(`${baseUrl}/api/v1/app/uploads`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${(await t.signInAs('Admin')).token}`,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
        },
      });
      assert.equal(staff.status, 401, 'a staff token is refused');
    });

    it("the volunteer of the video's day reviews it: dose taken, and it leaves the queue", async () => {
      const volunteer = new AppClient({ baseUrl, fetch: link });
      await volunteer.signIn('volunteer', w.codes.volunteer2, NEW_PASSWORD);
      const [video] = await volunteer.videoReviews();
      assert.equal(video?.patient.id, w.a.id);
      assert.equal(video?.date, daysAgo(0));
      const verdict = await volunteer.review(video!.id, true, 'Swallowed all tablets');
      assert.deepEqual([verdict.dose_taken, verdict.reviewed_by_volunteer], [true, w.places.volunteer2]);
      assert.deepEqual(await volunteer.videoReviews(), []);
      const again = await volunteer.review(video!.id, false).catch((e: unknown) => e);
      assert.ok(again instanceof ApiError && again.status === 409, 'a verdict is given once');
    });

    it('trades an ended access token for the next pair and goes on; after a staff reset it signs in again', async () => {
      const phone = new AppClient({ baseUrl, fetch: link });
      await phone.signIn('volunteer', w.codes.volunteer2, NEW_PASSWORD);
      const first = { ...held(phone) };
      // A day offline: the access token has ended, the device session has not.
      await t.handle.db
        .update(appSessions)
        .set({ expires_at: new Date(Date.now() - 1000), last_seen_at: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(appSessions.token_hash, hashToken(first.token!)));
      assert.equal((await phone.patients()).length, 2, 'answered after one refresh');
      assert.notEqual(held(phone).token, first.token);
      assert.notEqual(held(phone).refresh, first.refresh);

      const fo = await t.signInAs('Field Officer');
      assert.equal((await fo.post(`volunteers/${w.places.volunteer2}/reset-password`)).statusCode, 200);
      const ended = await phone.patients().catch((e: unknown) => e);
      assert.ok(ended instanceof ApiError && ended.status === 401, 'signed out by the reset');
      assert.deepEqual([held(phone).token, held(phone).refresh], [null, null], 'both tokens dropped: sign in again');
    });
  });
}
