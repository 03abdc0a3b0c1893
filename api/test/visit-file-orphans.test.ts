import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { SIGN_MAX_BYTES, VIDEO_MAX_BYTES } from '@vot/shared/schemas';
import { dots } from '../src/db/schema';
import { ORPHAN_AGE_MS, removeOrphanVisitFiles } from '../src/files/orphans';
import { MP4, PNG } from '../src/files/store';
import { appSignIn, appWorld, MP4_BYTES, ownVisit, PNG_BYTES, sendVisit, storedFiles } from './app-fixtures';
import { backends, useApp } from './helpers';
import { daysAgo } from './vot-fixtures';

/**
 * The sweep of visit files no record names (files/orphans.ts): an upload stores its files before
 * its transaction commits, so a crash in between leaves files nobody links to. Only files older
 * than the age go; a younger one may belong to an upload not yet committed.
 */
for (const backend of await backends()) {
  describe(`orphan visit files on ${backend.name}`, () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'vot-orphans-'));
    after(() => rmSync(filesDir, { recursive: true, force: true }));
    const longAgo = new Date(Date.now() - ORPHAN_AGE_MS - 3600_000);
    // Left by a crash before this API started: the start's sweep removes it (the database has no visit yet).
    const leftByCrash = `${'ab'.repeat(16)}.mp4`;
    mkdirSync(join(filesDir, 'dots'), { recursive: true });
    writeFileSync(join(filesDir, 'dots', leftByCrash), MP4_BYTES);
    utimesSync(join(filesDir, 'dots', leftByCrash), longAgo, longAgo);
    const t = useApp(backend, { filesDir });

    it('removes, at the start, a stored file older than the age that no visit names', async () => {
      // Not awaited by the start (tidying must not hold it up): a state, polled.
      for (let i = 0; (await storedFiles(t)).includes(leftByCrash); i++) {
        assert.ok(i < 400, 'the start sweep did not remove the orphan');
        await sleep(5);
      }
    });

    it('removes an old orphan, keeps the old files visits name (video and signature) and a fresh orphan', async () => {
      const w = await appWorld(t);
      const store = t.app.visitFiles;
      const pa = await appSignIn(t.app, 'patient', w.codes.a);
      const v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      const stored = async (uuid: string) =>
        (await t.handle.db.select({ video: dots.video, sign: dots.sign }).from(dots).where(eq(dots.uuid, uuid)))[0]!;
      const sent = await sendVisit(
        pa,
        { uuid: randomUUID(), patient_id: w.a.id, date: daysAgo(0), work: 3 },
        { video: MP4_BYTES },
      );
      const video = (await stored(sent.json().data.uuid)).video!;
      const signed = await sendVisit(v2, ownVisit(w.b.id, daysAgo(0)), { sign: PNG_BYTES });
      const sign = (await stored(signed.json().data.uuid)).sign!;
      const orphan = (await store.put(Readable.from([MP4_BYTES]), { maxBytes: VIDEO_MAX_BYTES, types: [MP4] })).key;
      const freshOrphan = (await store.put(Readable.from([PNG_BYTES]), { maxBytes: SIGN_MAX_BYTES, types: [PNG] })).key;
      for (const key of [video, sign, orphan]) utimesSync(join(filesDir, 'dots', key), longAgo, longAgo);
      // Names the store never gives are not its files: left alone whatever their age.
      const other = 'notes.txt';
      writeFileSync(join(filesDir, 'dots', other), 'kept');
      utimesSync(join(filesDir, 'dots', other), longAgo, longAgo);

      // A batch of one: every key checked on its own.
      assert.equal(await removeOrphanVisitFiles(t.handle.db, store, ORPHAN_AGE_MS, Date.now(), 1), 1);
      assert.deepEqual((await storedFiles(t)).sort(), [video, sign, freshOrphan, other].sort());
      assert.equal(await store.stat(orphan), null);
      assert.equal(await removeOrphanVisitFiles(t.handle.db, store), 0, 'nothing left to remove');
      // The fresh orphan goes once it is older than the age.
      assert.equal(
        await removeOrphanVisitFiles(t.handle.db, store, ORPHAN_AGE_MS, Date.now() + ORPHAN_AGE_MS + 60_000),
        1,
      );
      assert.deepEqual((await storedFiles(t)).sort(), [video, sign, other].sort());
    });
  });
}
