import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { seedDemo } from '../src/db/seed';
import { changeVolunteers, dots, patients } from '../src/db/schema';
import type { DatabaseHandle } from '../src/db/client';
import { ledgerSummaries, rollupDriftSql, rowsOf } from '../src/ledger';
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
    const onVot = await handle.db.select().from(patients).where(and(eq(patients.status, 1), isNotNull(patients.DOT_start_date)));
    assert.ok(onVot.length >= 4);
    const all = await handle.db.select().from(dots);
    for (const p of onVot) {
      const mine = all.filter((d) => d.patient_id === p.id);
      assert.ok(mine.length > 0, `${p.name} has visits`);
      assert.ok(mine.every((d) => d.date >= p.DOT_start_date! && (!p.DOT_end_date || d.date <= p.DOT_end_date)), `${p.name}: within the VOT dates`);
      const [latest] = await handle.db.select().from(changeVolunteers).where(eq(changeVolunteers.patient_id, p.id)).orderBy(changeVolunteers.change_date);
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
    assert.ok(summaries.some((s) => s.current_missed_run >= 2 && s.longest_missed_run >= 7), 'a missed run to act on');

  });
});
