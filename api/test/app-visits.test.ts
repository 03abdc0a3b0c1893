import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, after, describe, it } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppVisitRecord, VisitRecord } from '@vot/shared/schemas';
import { dots, patients } from '../src/db/schema';
import { removeExpiredVideos, retentionCutoff } from '../src/files/retention';
import { rollupDriftSql } from '../src/ledger';
import { rowsOf } from '../src/db/rows';
import { visitFileLinks } from '../src/files/visit-links';
import {
  appSignIn,
  appWorld,
  MP4_BYTES,
  multipart,
  ownVisit,
  PDF_BYTES,
  PNG_BYTES,
  sendVisit,
  storedFiles,
  V,
  visitCount,
  type AppWorld,
} from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/** A record as answered, without its signed links (their expiry is the second they were made). */
const withoutLinks = ({ video_url: _v, sign_url: _s, ...record }: AppVisitRecord) => record;

for (const backend of await backends()) {
  describe(`app visits on ${backend.name}`, () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'vot-app-'));
    after(() => rmSync(filesDir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir });
    let w: AppWorld;
    let v1: Client;
    let v2: Client;
    let pa: Client;

    // Sets up the app world and signs in
    before(async () => {
      w = await appWorld(t);
      v1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      pa = await appSignIn(t.app, 'patient', w.codes.a);
    });

    it("lists a volunteer's current and former patients, and a patient only themselves", async () => {
      const mine = (await v1.get('app/patients')).json().data as { id: number; current: boolean }[];
      assert.deepEqual(
        mine.map((p) => [p.id, p.current]),
        [[w.a.id, false]],
        'volunteer 1 handed A over 10 days ago',
      );
      const theirs = (await v2.get('app/patients')).json().data as { id: number; current: boolean }[];
      assert.deepEqual(theirs.map((p) => p.id).sort(), [w.a.id, w.b.id].sort());
      const self = await pa.get('app/patients');
      assert.equal(self.statusCode, 200, self.body);
      assert.deepEqual(
        (self.json().data as { id: number }[]).map((p) => p.id),
        [w.a.id],
      );
    });

    it('records an own visit with medicines and a signature, filed under the entry in force', async () => {
      const record = ownVisit(w.a.id, daysAgo(20), { late_remark: 'No signal in the village' });
      const res = await sendVisit(v1, record, { sign: PNG_BYTES });
      assert.equal(res.statusCode, 201, res.body);
      const visit = res.json().data as AppVisitRecord;
      assert.equal(visit.created, 'app');
      assert.equal(visit.work, 1);
      assert.equal(visit.actions, '1,3');
      assert.deepEqual(visit.DOT_records, record.DOT_records);
      assert.equal(visit.late_remark, 'No signal in the village');
      assert.match(visit.sign_url!, /^\/api\/v1\/DOT-sign\/[0-9a-f-]{36}\?/);
      const [stored] = await t.handle.db.select({ sign: dots.sign }).from(dots).where(eq(dots.uuid, record.uuid));
      assert.match(stored!.sign!, /^[0-9a-f]{32}\.png$/, 'stored under a generated name the answer does not give');
      const history = (await w.meal.get(`change-volunteers/${w.a.id}`)).json().data as {
        id: number;
        change_date: string;
      }[];
      assert.equal(visit.change_volunteer_id, history.find((e) => e.change_date === daysAgo(40))!.id);
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'dots' && e.entity_id === visit.id);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor_email, `volunteer:${w.codes.volunteer1}`);
      assert.equal(audit[0]!.action, 'create');
      const { video_url: _v, sign_url: _s, video_state: _state, ...answered } = visit;
      assert.deepEqual(
        audit[0]!.after,
        { ...answered, video: null, video_awaited: false, sign: stored!.sign },
        'the entry records the record as answered, with the stored names',
      );
    });

    it('stores a record sent twice once, and answers the second as the first (also in parallel)', async () => {
      const record = ownVisit(w.a.id, daysAgo(19), { late_remark: 'Late' });
      const first = await sendVisit(v1, record, { sign: PNG_BYTES });
      assert.equal(first.statusCode, 201);
      const files = (await storedFiles(t)).length;
      const again = await sendVisit(v1, { ...record, remark: 'changed' }, { sign: PNG_BYTES });
      assert.equal(again.statusCode, 200);
      assert.deepEqual(withoutLinks(again.json().data), withoutLinks(first.json().data));
      assert.equal((await storedFiles(t)).length, files, 'the repeat kept no file');

      const parallel = ownVisit(w.a.id, daysAgo(18), { late_remark: 'Late' });
      const answers = await Promise.all(Array.from({ length: 6 }, () => sendVisit(v1, parallel, { sign: PNG_BYTES })));
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 200, 201]);
      for (const r of answers) assert.deepEqual(withoutLinks(r.json().data), withoutLinks(answers[0]!.json().data));
      assert.equal((await t.handle.db.select().from(dots).where(eq(dots.uuid, parallel.uuid))).length, 1);
      assert.equal((await storedFiles(t)).length, files + 1, "only the winner's signature stays");

      const json = {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(17),
        work: 2,
        work_status: false,
        late_remark: 'Late',
      };
      const jsonAnswers = await Promise.all(Array.from({ length: 5 }, () => sendVisit(v1, json)));
      assert.deepEqual(jsonAnswers.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 201]);
      assert.equal((await sendVisit(v1, json)).statusCode, 200);

      // One audit entry per record, however often and however concurrently it was sent.
      const ids = [first, answers[0]!, jsonAnswers[0]!].map((r) => (r.json().data as VisitRecord).id);
      const entries = (await t.auditEntries()).filter((e) => e.entity === 'dots' && ids.includes(e.entity_id!));
      assert.deepEqual(entries.map((e) => e.entity_id).sort(), [...ids].sort());
    });

    it("keeps the patient's ledger roll-up current when several records of one patient arrive at once", async () => {
      const records = [9, 9, 8, 8, 7, 7, 6, 6, 9, 8, 7, 6].map((ago, i) => ({
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(ago),
        work: i % 2 ? 4 : 2,
        work_status: i % 3 > 0,
        late_remark: 'Late',
      }));
      const answers = await Promise.all(records.map((r) => sendVisit(v2, r)));
      assert.deepEqual(new Set(answers.map((r) => r.statusCode)), new Set([201]));
      assert.deepEqual(
        await rowsOf(t.handle.db, rollupDriftSql()),
        [],
        'each refresh saw the records committed before it',
      );
    });

    it("limits a volunteer to their own patients and days: another's patient is a 404", async () => {
      const visits = await visitCount(t);
      const entries = (await t.auditEntries()).length;
      const other = await sendVisit(v1, ownVisit(w.b.id, daysAgo(5), { late_remark: 'x' }), { sign: PNG_BYTES });
      assert.equal(other.statusCode, 404);
      assert.equal(other.json().message, 'Patient not found.');
      const handedOver = await sendVisit(v1, ownVisit(w.a.id, daysAgo(5), { late_remark: 'x' }), { sign: PNG_BYTES });
      assert.equal(handedOver.statusCode, 400);
      assert.deepEqual(handedOver.json().errors, { date: ['On this date the patient is not assigned to you.'] });
      const stranger = await sendVisit(
        pa,
        { uuid: randomUUID(), patient_id: w.b.id, date: daysAgo(0), work: 3 },
        { video: MP4_BYTES },
      );
      assert.equal(stranger.statusCode, 404, 'a patient reaches only themselves');
      // JSON bodies take the one-statement path with no file check before it (a supervisor visit needs no file).
      const otherJson = await sendVisit(v1, {
        uuid: randomUUID(),
        patient_id: w.b.id,
        date: daysAgo(5),
        work: 4,
        late_remark: 'x',
      });
      assert.equal(otherJson.statusCode, 404);
      assert.equal(otherJson.json().message, 'Patient not found.');
      const handedOverJson = await sendVisit(v1, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(5),
        work: 4,
        late_remark: 'x',
      });
      assert.deepEqual(handedOverJson.json().errors, { date: ['On this date the patient is not assigned to you.'] });
      assert.equal(await visitCount(t), visits, 'no record for a patient or a day not theirs');
      assert.equal((await t.auditEntries()).length, entries, 'and no audit entry');
      // Reading: another volunteer's record is not found either.
      const mine = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: PNG_BYTES });
      assert.equal(mine.statusCode, 201, mine.body);
      assert.equal((await v1.get(`app/DOTs/${mine.json().data.uuid}`)).statusCode, 404);
      assert.equal((await v2.get(`app/DOTs/${mine.json().data.uuid}`)).statusCode, 200);
      // A uuid of someone else's record is not taken over.
      const stolen = await sendVisit(
        v1,
        ownVisit(w.a.id, daysAgo(16), { uuid: mine.json().data.uuid, late_remark: 'x' }),
        { sign: PNG_BYTES },
      );
      assert.equal(stolen.statusCode, 409);
      assert.equal(await visitCount(t), visits + 1, "only v2's own record");
    });

    it("refuses dates outside the VOT period with the dashboard's messages, and late records without a late remark", async () => {
      const before = await sendVisit(v1, ownVisit(w.a.id, daysAgo(41), { late_remark: 'x' }), { sign: PNG_BYTES });
      assert.deepEqual(before.json().errors, { date: ['Date may not be before the VOT Start Date!'] });
      const future = await sendVisit(v2, ownVisit(w.b.id, daysAgo(-1)), { sign: PNG_BYTES });
      assert.deepEqual(future.json().errors, { date: ['Date may not be after today!'] });
      const late = await sendVisit(v2, ownVisit(w.b.id, daysAgo(3)), { sign: PNG_BYTES });
      assert.deepEqual(late.json().errors, { late_remark: ['Remark for being late is required!'] });
      const onTime = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0), { late_remark: 'not late at all' }), {
        sign: PNG_BYTES,
      });
      assert.equal(onTime.json().data.late_remark, null, 'a record of today is not late');
    });

    it('requires the signature of an own visit, stores the record of a video sent before it; refuses works not theirs', async () => {
      const unsigned = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)));
      assert.deepEqual(unsigned.json().errors, { sign: ['Signature is required!'] });
      // The record first, its video after (app-video-follows.test.ts): stored, the video awaited.
      const recordFirst = {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(1),
        work: 3,
        late_remark: 'No signal',
      };
      const noVideo = await sendVisit(pa, recordFirst);
      assert.equal(noVideo.statusCode, 201, noVideo.body);
      assert.equal(noVideo.json().data.video_state, 'uploading');
      const patientOwnVisit = await sendVisit(pa, ownVisit(w.a.id, daysAgo(0)), { sign: PNG_BYTES });
      assert.deepEqual(patientOwnVisit.json().errors, { work: ['Work is not one you can record!'] });
      const sent = await sendVisit(
        pa,
        { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3, remark: 'my dose', work_status: true },
        { video: MP4_BYTES },
      );
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal(sent.json().data.work_status, null, 'work 3 carries no observation');
      assert.match(sent.json().data.video_url, /^\/api\/v1\/DOT-video\//);
      const supervisor = await sendVisit(v2, {
        uuid: randomUUID(),
        patient_id: w.a.id,
        date: daysAgo(0),
        work: 4,
        remark: 'with U Supervisor',
      });
      assert.equal(supervisor.statusCode, 201, supervisor.body);
      assert.equal(supervisor.json().data.sign_url, null);
    });

    it('leaves nothing behind for bad uploads: wrong type, too large, cut short, bad record', async () => {
      const files = (await storedFiles(t)).sort();
      const visits = await visitCount(t);
      const wrongType = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: PDF_BYTES });
      assert.deepEqual(wrongType.json().errors, { sign: ['Signature must be a PNG or JPEG image!'] });
      const videoAsSign = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: MP4_BYTES });
      assert.equal(videoAsSign.statusCode, 400);
      const badVideo = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: PNG_BYTES, video: PNG_BYTES });
      assert.deepEqual(
        badVideo.json().errors,
        { video: ['Video must be an MP4 or WebM video!'] },
        'the signature stored first is removed again',
      );
      const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
      const tooLarge = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: huge });
      assert.deepEqual(tooLarge.json().errors, { sign: ['Signature may be at most 2 MB!'] });
      const empty = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: Buffer.alloc(0) });
      assert.deepEqual(empty.json().errors, { sign: ['Signature is empty!'] });
      // Cut short: the body ends in the middle of the video, without the closing boundary.
      const full = multipart(
        { data: JSON.stringify(ownVisit(w.b.id, daysAgo(0))) },
        { sign: { bytes: PNG_BYTES }, video: { bytes: MP4_BYTES } },
      );
      const cut = await v2.inject({
        method: 'POST',
        url: `${V}/app/DOTs`,
        headers: full.headers,
        payload: full.payload.subarray(0, full.payload.length - 1500),
      });
      assert.equal(cut.statusCode, 400, cut.body);
      assert.equal(cut.json().message, 'The file upload was incomplete. Please try again!');
      const noData = await v2.inject({
        method: 'POST',
        url: `${V}/app/DOTs`,
        ...multipart({}, { sign: { bytes: PNG_BYTES } }),
      });
      assert.equal(noData.statusCode, 400);
      const notJson = await v2.inject({
        method: 'POST',
        url: `${V}/app/DOTs`,
        ...multipart({ data: '{oops' }, { sign: { bytes: PNG_BYTES } }),
      });
      assert.deepEqual(notJson.json().errors, { data: ['data must be the record as JSON!'] });
      const invalid = await sendVisit(
        v2,
        { ...ownVisit(w.b.id, daysAgo(0)), work: 9, DOT_records: 'x' },
        { sign: PNG_BYTES },
      );
      assert.equal(invalid.statusCode, 400);
      assert.deepEqual((await storedFiles(t)).sort(), files, 'no file, no temp file left');
      assert.equal(await visitCount(t), visits, 'no record');
    });

    it('refuses a too-large upload over real HTTP at once, without waiting for the rest, and keeps nothing', async () => {
      const files = (await storedFiles(t)).sort();
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // A signature of 12 MB: refused at its 2 MB limit (the video's 64 MB limit works the same way).
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(12 * 1024 * 1024)]);
      const body = multipart(
        { data: JSON.stringify(ownVisit(w.b.id, daysAgo(0))) },
        { sign: { bytes: big }, video: { bytes: MP4_BYTES } },
      );
      const res = await fetch(`${address}${V}/app/DOTs`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${v2.token}` },
        body: body.payload,
      }).catch((error: unknown) => error as Error);
      // Either the 400 arrives, or the server closed the connection after answering while the client still sent.
      if (res instanceof Response) {
        assert.equal(res.status, 400);
        assert.deepEqual(((await res.json()) as { errors: unknown }).errors, {
          sign: ['Signature may be at most 2 MB!'],
        });
      }
      assert.deepEqual((await storedFiles(t)).sort(), files);
    });

    it('removes videos 12 months after the VOT end, keeping the visit and its signature', async () => {
      const [withVideo] = await t.handle.db
        .select()
        .from(dots)
        .where(and(eq(dots.patient_id, w.a.id), isNotNull(dots.video)))
        .limit(1);
      const signed = (
        await t.handle.db
          .select()
          .from(dots)
          .where(and(eq(dots.patient_id, w.a.id), isNotNull(dots.sign)))
          .limit(1)
      )[0]!;
      const now = new Date();
      assert.equal(await removeExpiredVideos(t.handle.db, t.app.visitFiles, now), 0, 'A is still on VOT');
      await t.handle.db
        .update(patients)
        .set({ DOT_end_date: retentionCutoff(now) })
        .where(eq(patients.id, w.a.id));
      assert.equal(
        await removeExpiredVideos(t.handle.db, t.app.visitFiles, now),
        0,
        'ended exactly 12 months ago: kept one more day',
      );
      const dayBefore = new Date(`${retentionCutoff(now)}T12:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      await t.handle.db
        .update(patients)
        .set({ DOT_end_date: dayBefore.toISOString().slice(0, 10) })
        .where(eq(patients.id, w.a.id));
      const videos = (
        await t.handle.db
          .select()
          .from(dots)
          .where(and(eq(dots.patient_id, w.a.id), isNotNull(dots.video)))
      ).length;
      assert.ok(videos > 0);
      assert.equal(await removeExpiredVideos(t.handle.db, t.app.visitFiles, now, 1), videos, 'in batches of one');
      assert.equal(await t.app.visitFiles.stat(withVideo!.video!), null, 'the file is gone');
      const [after] = await t.handle.db.select().from(dots).where(eq(dots.id, withVideo!.id));
      assert.equal(after!.video, null);
      assert.notEqual(await t.app.visitFiles.stat(signed.sign!), null, 'signatures stay');
      assert.ok(
        (await t.auditEntries()).some(
          (e) => e.actor_email === 'system:video-retention' && e.entity_id === withVideo!.id,
        ),
      );
      await t.handle.db.update(patients).set({ DOT_end_date: null }).where(eq(patients.id, w.a.id));
    });

    it('serves the files through signed links with range requests, so a video player can seek', async () => {
      const record = { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3 };
      const sent = await sendVisit(pa, record, { video: MP4_BYTES });
      const read = (await pa.get(`app/DOTs/${record.uuid}`)).json().data as VisitRecord & {
        video_url: string;
        sign_url: string | null;
      };
      assert.equal(read.sign_url, null);
      assert.match(
        read.video_url,
        new RegExp(`^${V}/DOT-video/${record.uuid}\\?expires=\\d+&session=a\\d+&signature=[0-9a-f]{64}$`),
      );
      const whole = await t.app.inject({ method: 'GET', url: read.video_url });
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['accept-ranges'], 'bytes');
      assert.equal(whole.headers['content-type'], 'video/mp4');
      assert.deepEqual(whole.rawPayload, MP4_BYTES);
      const part = await t.app.inject({ method: 'GET', url: read.video_url, headers: { range: 'bytes=100-199' } });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 100-199/${MP4_BYTES.length}`);
      assert.equal(part.headers['content-length'], '100');
      assert.deepEqual(part.rawPayload, MP4_BYTES.subarray(100, 200));
      const open = await t.app.inject({ method: 'GET', url: read.video_url, headers: { range: 'bytes=4000-' } });
      assert.deepEqual(open.rawPayload, MP4_BYTES.subarray(4000));
      const tail = await t.app.inject({ method: 'GET', url: read.video_url, headers: { range: 'bytes=-10' } });
      assert.deepEqual(tail.rawPayload, MP4_BYTES.subarray(-10));
      const outside = await t.app.inject({
        method: 'GET',
        url: read.video_url,
        headers: { range: `bytes=${MP4_BYTES.length}-` },
      });
      assert.equal(outside.statusCode, 416, outside.body);
      assert.equal(outside.headers['content-range'], `bytes */${MP4_BYTES.length}`);
      // The link is the credential: tampered, expired, or for another file, it is refused.
      const row = (await t.handle.db.select().from(dots).where(eq(dots.uuid, sent.json().data.uuid)))[0]!;
      // Links signed here as the API signs them, for the session the record was read with.
      const signer = {
        key: t.app.secretKey,
        session: new URL(read.video_url, 'http://x').searchParams.get('session')!,
      };
      assert.equal(
        (
          await t.app.inject({
            method: 'GET',
            url: read.video_url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`),
          })
        ).statusCode,
        403,
      );
      const expired = visitFileLinks(signer, row, Date.now() - 3600_000).video_url!;
      assert.equal((await t.app.inject({ method: 'GET', url: expired })).json().message, 'This link has expired.');
      assert.equal(
        (await t.app.inject({ method: 'GET', url: read.video_url.replace('DOT-video', 'DOT-sign') })).statusCode,
        403,
      );
      assert.equal(
        (await t.app.inject({ method: 'GET', url: `${V}/DOT-video/${record.uuid}` })).statusCode,
        403,
        'no signature',
      );
      // The signature of an own visit is an image.
      const signed = (await t.handle.db.select().from(dots).where(eq(dots.work, 1)).limit(1))[0]!;
      const image = await t.app.inject({ method: 'GET', url: visitFileLinks(signer, signed).sign_url! });
      assert.equal(image.headers['content-type'], 'image/png');
      assert.deepEqual(image.rawPayload, PNG_BYTES);
    });
  });
}
