import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppHandout, AppPatient, AppVisitPage, AppVisitRecord } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { dots, patients } from '../src/db/schema';
import { SYNC_PAGE } from '../src/routes/app/sync';
import {
  appSignIn,
  appWorld,
  MP4_BYTES,
  multipart,
  ownVisit,
  PNG_BYTES,
  sendVisit,
  type AppWorld,
} from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

for (const backend of await backends()) {
  describe(`the app API on the doorstep on ${backend.name}`, () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'vot-doorstep-'));
    after(() => rmSync(filesDir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir });
    let w: AppWorld;
    let v1: Client;
    let v2: Client;
    let pa: Client;
    let pb: Client;

    before(async () => {
      w = await appWorld(t);
      v1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      pa = await appSignIn(t.app, 'patient', w.codes.a);
      pb = await appSignIn(t.app, 'patient', w.codes.b);
    });

    const patientsOf = async (client: Client) => {
      const res = await client.get('app/patients');
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as AppPatient[];
    };

    it("gives the patient's medicines with their last quantities, contacts, today's dose and the last days", async () => {
      for (const medicine_name of ['Bedaquiline', 'Linezolid', 'Clofazimine']) {
        const res = await w.meal.post('patient-medicines', { patient_id: w.a.id, medicine_name });
        assert.equal(res.statusCode, 201, res.body);
      }
      const yesterday = ownVisit(w.a.id, daysAgo(1), { late_remark: 'No signal' });
      assert.equal((await sendVisit(v2, yesterday, { sign: PNG_BYTES })).statusCode, 201);
      const today = ownVisit(w.a.id, daysAgo(0), {
        DOT_records: [{ medicine_name: 'Bedaquiline', quantity: 3 }],
      });
      assert.equal((await sendVisit(v2, today, { sign: PNG_BYTES })).statusCode, 201);
      const notTaken = ownVisit(w.a.id, daysAgo(3), { work_status: false, late_remark: 'Away' });
      assert.equal((await sendVisit(v2, notTaken, { sign: PNG_BYTES })).statusCode, 201);

      const a = (await patientsOf(v2)).find((p) => p.id === w.a.id)!;
      assert.deepEqual(a.medicines, [
        { medicine_name: 'Bedaquiline', quantity: 3 },
        { medicine_name: 'Linezolid', quantity: 1 },
        { medicine_name: 'Clofazimine', quantity: null },
      ]);
      assert.equal(a.current, true);
      assert.equal(a.patient_address, w.a.patient_address);
      assert.equal(a.patient_phone_no, w.a.patient_phone_no);
      assert.equal(a.contact_phone_no, w.a.contact_phone_no);
      assert.deepEqual(a.today, { date: daysAgo(0), expected: true, status: 'observed', work: 1 });
      assert.deepEqual(
        a.recent_days.map((d) => [d.date, d.status]),
        [
          [daysAgo(0), 'observed'],
          [daysAgo(1), 'observed'],
          [daysAgo(2), 'unrecorded'],
          [daysAgo(3), 'not_observed'],
          [daysAgo(4), 'unrecorded'],
          [daysAgo(5), 'unrecorded'],
          [daysAgo(6), 'unrecorded'],
        ],
      );
      const b = (await patientsOf(v2)).find((p) => p.id === w.b.id)!;
      assert.deepEqual(b.today, { date: daysAgo(0), expected: true, status: 'unrecorded', work: null });
      assert.equal(b.recent_days[0]!.status, 'unrecorded', 'today is still to be recorded');
    });

    it('keeps contacts from a former volunteer, and shows a patient only themselves', async () => {
      const former = await patientsOf(v1);
      assert.deepEqual(
        former.map((p) => [p.id, p.current, p.patient_address, p.patient_phone_no, p.contact_phone_no]),
        [[w.a.id, false, null, null, null]],
      );
      assert.equal(former[0]!.medicines.length, 3, 'the medicines still help to upload their own days');
      const self = await patientsOf(pa);
      assert.deepEqual(
        self.map((p) => [p.id, p.patient_address]),
        [[w.a.id, w.a.patient_address]],
      );
    });

    it('expects no dose after the DOT end date, and gives the days up to it', async () => {
      await t.handle.db
        .update(patients)
        .set({ DOT_end_date: daysAgo(2) })
        .where(eq(patients.id, w.b.id));
      const [b] = await patientsOf(pb);
      assert.equal(b!.today.expected, false);
      assert.deepEqual(
        b!.recent_days.map((d) => d.date),
        [2, 3, 4, 5, 6].map(daysAgo),
      );
      await t.handle.db.update(patients).set({ DOT_end_date: null }).where(eq(patients.id, w.b.id));
    });

    it('answers a repeated upload 200 "already stored", never with the stored file names', async () => {
      const record = ownVisit(w.b.id, daysAgo(0));
      const first = await sendVisit(v2, record, { sign: PNG_BYTES });
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().message, 'DOT has been created successfully!');
      const again = await sendVisit(v2, record, { sign: PNG_BYTES });
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json().message, 'DOT has already been stored.');
      for (const answer of [
        first.json().data,
        again.json().data,
        (await v2.get(`app/DOTs/${record.uuid}`)).json().data,
      ]) {
        assert.ok(!('sign' in answer) && !('video' in answer), 'no stored names');
        assert.match(
          answer.sign_url,
          /^\/api\/v1\/DOT-sign\/[0-9a-f-]{36}\?expires=\d+&session=[sa]\d+&signature=[0-9a-f]{64}$/,
        );
        assert.equal(answer.video_url, null);
      }
      const he = {
        uuid: randomUUID(),
        date: daysAgo(0),
        place: 'Monastery',
        topic: 'Cough',
        male: 3,
        female: 4,
        referred: 1,
      };
      assert.equal(
        (await v2.post('app/health-educations', he)).json().message,
        'Health Education has been created successfully!',
      );
      const heAgain = await v2.post('app/health-educations', he);
      assert.equal(heAgain.statusCode, 200);
      assert.equal(heAgain.json().message, 'Health Education has already been stored.');
    });

    it("syncs a phone with the caller's own records by a cursor, in pages, and again after a change", async () => {
      const video = await sendVisit(
        pa,
        { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3 },
        { video: MP4_BYTES },
      );
      assert.equal(video.statusCode, 201, video.body);
      const dashboard = await w.meal.post('DOT-with-volunteer-dashboard', {
        patient_id: w.a.id,
        date: daysAgo(2),
        dose_taken: 'Yes',
        remark: 'Seen at the clinic',
      });
      assert.equal(dashboard.statusCode, 201, dashboard.body);

      const sync = async (client: Client, since?: string) => {
        const res = await client.get(`app/DOTs${since ? `?since=${since}` : ''}`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as AppVisitPage;
      };
      const mine = await t.handle.db
        .select({ uuid: dots.uuid })
        .from(dots)
        .where(sql`created = 'app' and work <> 3`);
      const first = await sync(v2);
      assert.deepEqual(first.data.map((r) => r.uuid).sort(), mine.map((r) => r.uuid).sort(), "volunteer 2's records");
      assert.equal(first.more, false);
      assert.ok(first.data.every((r: AppVisitRecord) => r.created === 'app' && !('sign' in r)));
      assert.deepEqual(
        (await sync(pa)).data.map((r) => r.uuid),
        [video.json().data.uuid],
        "the patient's own video only",
      );
      assert.deepEqual((await sync(v1)).data, [], 'volunteer 1 made none');

      // Changed less than a minute ago: the cursor stays before them, so they come again.
      assert.equal((await sync(v2, first.next)).data.length, first.data.length);
      await t.handle.db.execute(sql`update dots set updated_at = now() - interval '2 minutes'`);
      const settled = await sync(v2);
      assert.deepEqual((await sync(v2, settled.next)).data, [], 'nothing changed since');

      // A record changed after the cursor (its video removed by retention) is seen again.
      const changed = first.data[0]!;
      await t.handle.db.update(dots).set({ updated_at: new Date() }).where(eq(dots.uuid, changed.uuid));
      assert.deepEqual(
        (await sync(v2, settled.next)).data.map((r) => r.uuid),
        [changed.uuid],
      );

      // Pages of SYNC_PAGE, in a stable order, each record once.
      const [entry] = await rowsOf<{ change_volunteer_id: number }>(
        t.handle.db,
        sql`select change_volunteer_id from dots where uuid = ${changed.uuid}`,
      );
      const many = Array.from({ length: SYNC_PAGE + 20 }, (_, i) => ({
        uuid: randomUUID(),
        patient_id: w.a.id,
        change_volunteer_id: entry!.change_volunteer_id,
        date: daysAgo(1 + (i % 5)),
        work: 2,
        work_status: true,
        created: 'app',
        // Settled (over a minute old), and after the cursor.
        updated_at: new Date(Date.now() - 90_000 + i),
      }));
      await t.handle.db.insert(dots).values(many);
      const seen: string[] = [];
      let page = await sync(v2, settled.next);
      seen.push(...page.data.map((r) => r.uuid));
      assert.equal(page.more, true);
      assert.equal(page.data.length, SYNC_PAGE);
      while (page.more) {
        page = await sync(v2, page.next);
        seen.push(...page.data.map((r) => r.uuid));
      }
      assert.equal(new Set(seen).size, seen.length, 'each once');
      assert.deepEqual([...new Set(seen)].filter((u) => many.some((m) => m.uuid === u)).length, many.length);
      await t.handle.db.delete(dots).where(
        inArray(
          dots.uuid,
          many.map((m) => m.uuid),
        ),
      );

      const bad = await v2.get('app/DOTs?since=bm90LWEtY3Vyc29y');
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, { since: ['since must be a cursor the API gave!'] });
      assert.equal((await w.meal.get('app/DOTs')).statusCode, 401, 'a staff token');
    });

    it('gives the handouts the app shows, with signed links that open without the token', async () => {
      assert.deepEqual((await v2.get('app/handouts')).json(), { data: [], status: 'success', total: 0 });
      for (const kind of ['patient', 'volunteer']) {
        const body = multipart({}, { file: { bytes: PDF, name: `${kind}.pdf`, type: 'application/pdf' } });
        const res = await w.meal.inject({ method: 'POST', url: `${kind}-handouts`, ...body });
        assert.equal(res.statusCode, 201, res.body);
      }
      const volunteers = (await v2.get('app/handouts')).json().data as AppHandout[];
      assert.deepEqual(
        volunteers.map((h) => [h.kind, h.name]),
        [
          ['volunteer', 'volunteer.pdf'],
          ['patient', 'patient.pdf'],
        ],
      );
      const file = await t.app.inject({ method: 'GET', url: volunteers[1]!.file });
      assert.equal(file.statusCode, 200);
      assert.deepEqual(file.rawPayload, PDF);
      const patients = (await pa.get('app/handouts')).json().data as AppHandout[];
      assert.deepEqual(
        patients.map((h) => h.kind),
        ['patient'],
      );
      assert.equal((await w.meal.get('app/handouts')).statusCode, 401, 'a staff token');
    });
  });
}
