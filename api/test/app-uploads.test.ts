import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { LedgerDay } from '@vot/shared/schemas';
import { rowsOf } from '../src/db/rows';
import { appUploadCharges, appUploadDays } from '../src/db/schema';
import { rollupDriftSql } from '../src/ledger';
import { BUDGET_SPENT, forgetPastCharges } from '../src/routes/app/budget';
import { FILE_ALREADY_STORED } from '../src/routes/app/uploads';
import { appSignIn, appWorld, MP4_BYTES, PNG_BYTES, sendVisit, V, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * The resumable uploads' rules (routes/app/uploads.ts) over HTTP: the caller's own records only,
 * the size refused at creation and the type by the first bytes, one upload per record and kind,
 * and a daily byte budget per app account (429). The resume itself: app-client.test.ts.
 */
const BUDGET = 600_000;
const answerOf = async (res: Response) => (await res.json()) as { message: string; errors?: unknown };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

for (const backend of await backends()) {
  describe(`resumable uploads on ${backend.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-uploads-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir: join(dir, 'files'), uploadBytesPerDay: BUDGET });
    let w: AppWorld;
    let base = '';
    let pa: Client;
    let pb: Client;
    before(async () => {
      w = await appWorld(t);
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      pa = await appSignIn(t.app, 'patient', w.codes.a);
      pb = await appSignIn(t.app, 'patient', w.codes.b);
    });

    const tus = (client: Client, headers: Record<string, string> = {}) => ({
      authorization: `Bearer ${client.token}`,
      'tus-resumable': '1.0.0',
      ...headers,
    });
    const create = (client: Client, uuid: string, length: number, kind = 'video') =>
      fetch(`${base}${V}/app/uploads`, {
        method: 'POST',
        headers: tus(client, { 'upload-length': String(length), 'upload-metadata': metadata({ uuid, kind }) }),
      });
    const patch = (client: Client, location: string, offset: number, bytes: Buffer) =>
      fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: tus(client, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: bytes,
      });
    async function recordFirst(client: Client, patientId: number, ago: number) {
      const record = {
        uuid: randomUUID(),
        patient_id: patientId,
        date: daysAgo(ago),
        work: 3,
        late_remark: 'no signal',
      };
      const res = await sendVisit(client, record);
      assert.equal(res.statusCode, 201, res.body);
      return record.uuid;
    }

    it("refuses what is not the caller's, has no record named, is too large, or is not a video", async () => {
      const uuid = await recordFirst(pa, w.a.id, 0);
      assert.equal((await create(pb, uuid, 1000)).status, 404, "another patient's record");
      const unnamed = await fetch(`${base}${V}/app/uploads`, {
        method: 'POST',
        headers: tus(pa, { 'upload-length': '10' }),
      });
      assert.equal(unnamed.status, 400);
      assert.match((await answerOf(unnamed)).message, /Upload-Metadata/);
      const big = await create(pa, uuid, 64 * 1024 * 1024 + 1);
      assert.equal(big.status, 413);
      assert.equal((await answerOf(big)).message, 'Video may be at most 64 MB!');

      const created = await create(pa, uuid, PNG_BYTES.length);
      assert.equal(created.status, 201);
      const location = created.headers.get('location')!;
      assert.equal(
        (await fetch(`${base}${location}`, { method: 'HEAD', headers: tus(pb) })).status,
        404,
        "another's upload",
      );
      const wrong = await patch(pa, location, 0, PNG_BYTES);
      assert.equal(wrong.status, 400);
      assert.deepEqual((await answerOf(wrong)).errors, { video: ['Video must be an MP4 or WebM video!'] });
      assert.deepEqual(
        readdirSync(join(dir, 'files', 'uploads')).filter((f) => f.startsWith(uuid)),
        [],
        'its bytes are removed',
      );
    });

    it('keeps one upload per record and kind, and refuses a file the record has', async () => {
      const uuid = await recordFirst(pa, w.a.id, 1);
      const first = (await create(pa, uuid, MP4_BYTES.length)).headers.get('location')!;
      const second = await create(pa, uuid, MP4_BYTES.length);
      assert.equal(second.status, 201);
      assert.equal(second.headers.get('location'), first, 'the same record and kind: the same upload, begun again');
      assert.equal((await patch(pa, first, 0, MP4_BYTES)).status, 204);
      const again = await create(pa, uuid, MP4_BYTES.length);
      assert.equal(again.status, 409);
      assert.equal((await answerOf(again)).message, FILE_ALREADY_STORED('video'));
    });

    it('counts an upload begun again for the same record once against the budget: only bytes beyond its earlier attempts', async () => {
      const spent = async () =>
        (
          await t.handle.db
            .select({ bytes: appUploadDays.bytes })
            .from(appUploadDays)
            .where(and(eq(appUploadDays.subject, 'patient'), eq(appUploadDays.subject_id, w.a.id)))
        )[0]!.bytes;
      const uuid = await recordFirst(pa, w.a.id, 3);
      const before = await spent();
      // Three times the same video begun (its address lost each time): past the budget if each counted.
      for (let i = 0; i < 3; i++) assert.equal((await create(pa, uuid, 250_000)).status, 201);
      assert.equal((await spent()) - before, 250_000, 'counted once');
      assert.equal((await create(pa, uuid, 260_000)).status, 201);
      assert.equal((await spent()) - before, 260_000, 'a larger one: only the difference');
      assert.equal((await create(pa, uuid, 10_000, 'sign')).status, 201);
      assert.equal((await spent()) - before, 270_000, 'another kind is an upload of its own');
      await t.handle.db
        .insert(appUploadCharges)
        .values({ subject: 'patient', subject_id: w.a.id, day: daysAgo(1), upload: `${uuid}:video`, bytes: 1 });
      assert.equal(await forgetPastCharges(t.handle.db), 1, "only today's charges are kept");
    });

    it("a record's video that arrives makes its day evidence again: the ledger and its roll-up follow", async () => {
      const uuid = await recordFirst(pa, w.a.id, 5);
      const dayOf = async () =>
        ((await w.meal.get(`DOT-ledger-days/${w.a.id}`)).json().data as LedgerDay[]).find((d) => d.date === daysAgo(5))
          ?.status;
      assert.equal(await dayOf(), 'unrecorded', 'no video yet: no evidence');
      const location = (await create(pa, uuid, MP4_BYTES.length)).headers.get('location')!;
      assert.equal((await patch(pa, location, 0, MP4_BYTES)).status, 204);
      assert.equal(await dayOf(), 'observed', 'past its review time: observed, video not reviewed');
      assert.deepEqual(await rowsOf(t.handle.db, rollupDriftSql()), []);
    });

    it('refuses uploads past the daily budget of the account with a 429 and Retry-After; another account has its own', async () => {
      const uuid = await recordFirst(pa, w.a.id, 2);
      // The uploads begun above spent a few kilobytes: the whole budget more is past it.
      const over = await create(pa, uuid, BUDGET);
      assert.equal(over.status, 429);
      assert.equal((await answerOf(over)).message, BUDGET_SPENT(BUDGET));
      assert.ok(Number(over.headers.get('retry-after')) > 0);
      const other = await recordFirst(pb, w.b.id, 0);
      assert.equal((await create(pb, other, BUDGET)).status, 201);
    });
  });
}
