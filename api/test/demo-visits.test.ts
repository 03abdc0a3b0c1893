import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { addDays, todayIn } from '@vot/shared/domain';
import { visitFolderStore } from '../src/files/folder-store';
import { seedDemo } from '../src/db/seed';
import {
  changeVolunteers,
  communities,
  communityReferrals,
  contactTracings,
  dots,
  healthEducations,
  patients,
  supervisionVisits,
  volunteers,
} from '../src/db/schema';
import type { DatabaseHandle } from '../src/db/client';
import { ledgerSummaries, rollupDriftSql } from '../src/ledger';
import { rowsOf } from '../src/db/rows';
import { backends, testConfig } from './helpers';

const [pglite] = await backends();

describe('demo visits', () => {
  let handle: DatabaseHandle;
  const key = randomBytes(32);
  before(async () => {
    handle = await pglite!.open();
  });
  after(() => handle.close());

  it('gives every demo VOT patient records of the kind their VOT makes, within their VOT dates, once', async () => {
    await seedDemo(handle.db, testConfig(), key, null);
    const onVot = await handle.db
      .select()
      .from(patients)
      .where(and(eq(patients.status, 1), isNotNull(patients.DOT_start_date)));
    assert.ok(onVot.length >= 4);
    const all = await handle.db.select().from(dots);
    for (const p of onVot) {
      const mine = all.filter((d) => d.patient_id === p.id);
      assert.ok(mine.length > 0, `${p.name} has visits`);
      assert.ok(
        mine.every((d) => d.date >= p.DOT_start_date! && (!p.DOT_end_date || d.date <= p.DOT_end_date)),
        `${p.name}: within the VOT dates`,
      );
      const [latest] = await handle.db
        .select()
        .from(changeVolunteers)
        .where(eq(changeVolunteers.patient_id, p.id))
        .orderBy(changeVolunteers.change_date);
      if (latest?.type === 'No App') assert.ok(mine.some((d) => d.created === 'no-app'));
    }
    assert.ok(all.some((d) => d.work === 1) && all.some((d) => d.work === 2) && all.some((d) => d.work === 3));
    await seedDemo(handle.db, testConfig(), key, null);
    assert.equal((await handle.db.select().from(dots)).length, all.length, 'a second start adds nothing');
  });

  it("gives the demo a programme's ledger: visits from the DOT start, mostly observed, some patients on the Missed Doses list", async () => {
    assert.deepEqual(await rowsOf(handle.db, rollupDriftSql()), []);
    const summaries = await ledgerSummaries(handle.db, undefined);
    assert.ok(summaries.length >= 4);
    const open = summaries.filter((s) => s.current_missed_run < 2);
    assert.ok(open.length > 0 && open.every((s) => s.adherence! >= 75), JSON.stringify(open.map((s) => s.adherence)));
    assert.ok(
      summaries.some((s) => s.current_missed_run >= 2 && s.longest_missed_run >= 7),
      'a missed run to act on',
    );
  });

  it('gives the Activity dashboard app records: sessions, supervision and contact tracing by active volunteers of the township, up to today, once', async () => {
    const today = todayIn();
    const active = new Map(
      (await handle.db.select().from(volunteers).where(eq(volunteers.status, 1))).map((v) => [v.id, v.township_id]),
    );
    const tables = { healthEducations, supervisionVisits, contactTracings };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const rows = await handle.db.select().from(table);
      counts[name] = rows.length;
      assert.ok(rows.length > 0, `${name} has demo records`);
      for (const r of rows) {
        assert.equal(
          active.get(r.volunteer_id),
          r.township_id,
          `${name} ${r.id}: an active volunteer of the record's township`,
        );
        assert.ok(r.date <= today, `${name} ${r.id}: not after today`);
      }
    }
    const sessions = await handle.db.select().from(healthEducations);
    assert.ok(sessions.every((s) => s.total === s.male + s.female && s.referred <= s.total));
    await seedDemo(handle.db, testConfig(), key, null);
    for (const [name, table] of Object.entries(tables))
      assert.equal((await handle.db.select().from(table)).length, counts[name], `a second start adds no ${name}`);
  });

  it('gives the Community list and case finding community activities of active volunteers, some with referrals by place, up to today, once', async () => {
    const today = todayIn();
    const active = new Set(
      (await handle.db.select().from(volunteers).where(eq(volunteers.status, 1))).map((v) => v.id),
    );
    const activities = await handle.db.select().from(communities);
    const referrals = await handle.db.select().from(communityReferrals);
    assert.ok(activities.length > 0 && activities.every((a) => active.has(a.volunteer_id) && a.date <= today));
    for (const a of activities) {
      const mine = referrals.filter((r) => r.community_id === a.id);
      // The form's rule (communitySchema): referral Yes has its rows, No has none.
      assert.equal(
        mine.length > 0,
        a.referral === 1,
        `activity ${a.id}: referral ${a.referral} with ${mine.length} places`,
      );
    }
    assert.ok(
      activities.some((a) => a.referral === 0) && referrals.every((r) => r.total === r.male + r.female && r.total > 0),
    );
    await seedDemo(handle.db, testConfig(), key, null);
    assert.equal((await handle.db.select().from(communities)).length, activities.length, 'a second start adds none');
  });

  it("gives the Video Reviews queue yesterday's and today's own videos, each with its own playable file, once", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vot-demo-videos-'));
    try {
      const store = visitFolderStore(folder);
      await seedDemo(handle.db, testConfig(), key, null, store);
      const withVideo = await handle.db.select().from(dots).where(isNotNull(dots.video));
      assert.ok(withVideo.length >= 1, `${withVideo.length} demo videos`);
      assert.ok(
        withVideo.every((d) => d.work === 3 && d.review_dose_taken === null && d.date >= addDays(todayIn(), -1)),
      );
      assert.equal(new Set(withVideo.map((d) => d.video)).size, withVideo.length, 'a file of its own each');
      for (const d of withVideo) {
        const file = readFileSync(join(folder, 'dots', d.video!));
        assert.equal(file.subarray(0, 4).toString('hex'), '1a45dfa3', 'a WebM');
      }
      await seedDemo(handle.db, testConfig(), key, null, store);
      assert.equal((await handle.db.select().from(dots).where(isNotNull(dots.video))).length, withVideo.length);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
