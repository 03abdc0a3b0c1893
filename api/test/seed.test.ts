import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { ROLES } from '@vot/shared/domain';
import { DEMO_PATIENTS, DEMO_VOLUNTEERS } from '../src/db/demo-data';
import { seedDemo } from '../src/db/seed';
import { changeVolunteers, patients, trainings, users, volunteers } from '../src/db/schema';
import type { DatabaseHandle } from '../src/db/client';
import { backends, testConfig } from './helpers';

const [pglite] = await backends();

describe('demo data', () => {
  let handle: DatabaseHandle;
  const key = randomBytes(32);
  before(async () => {
    handle = await pglite!.open();
  });
  after(() => handle.close());

  it('seeds one account per role and the demo volunteers with codes and trainings, once', async () => {
    const signIns = await seedDemo(handle.db, testConfig(), key, null);
    assert.equal(signIns.length, ROLES.length);
    const rows = await handle.db
      .select({ code: volunteers.code, township_id: volunteers.township_id })
      .from(volunteers);
    assert.equal(rows.length, DEMO_VOLUNTEERS.length);
    for (const r of rows) assert.match(r.code, /^[A-Z]+-V\d{4}$/);
    const trained = DEMO_VOLUNTEERS.reduce((n, v) => n + v.trainings.length, 0);
    assert.deepEqual(await handle.db.select({ n: count() }).from(trainings), [{ n: trained }]);

    const demoPatients = await handle.db.select().from(patients);
    assert.equal(demoPatients.length, DEMO_PATIENTS.length);
    for (const p of demoPatients) assert.match(p.code, /^[A-Z]+-P\d{4}$/);
    // Some of every list: with and without SP code, screened No / Yes, accepted, declined, trash.
    const some = (test: (p: (typeof demoPatients)[number]) => boolean) => assert.ok(demoPatients.some(test));
    some((p) => p.status === 1 && p.SP_code !== null);
    some((p) => p.status === 1 && p.SP_code === null && p.presumptive_TB_number !== null);
    some((p) => p.status === 1 && p.VOT_eligible === 'No');
    some((p) => p.status === 1 && p.VOT_eligible === 'Yes' && p.VOT_accept === null);
    some((p) => p.status === 1 && p.VOT_accept === 'Yes');
    some((p) => p.status === 1 && p.VOT_accept === 'No');
    some((p) => p.status === 0 && p.recover_township_id !== null);

    // VOT: pure with and without a volunteer, hybrid after pure; each patient's state is its latest entry's.
    const onVot = (await handle.db.select().from(patients)).filter((p) => p.DOT_start_date !== null);
    const history = await handle.db
      .select()
      .from(changeVolunteers)
      .orderBy(changeVolunteers.change_date, changeVolunteers.id);
    assert.ok(onVot.some((p) => p.pure_or_hybrid === 'Pure' && p.volunteer_id !== null));
    assert.ok(onVot.some((p) => p.pure_or_hybrid === 'Pure' && p.volunteer_id === null));
    assert.ok(
      onVot.some((p) => p.pure_or_hybrid === 'Hybrid' && history.filter((h) => h.patient_id === p.id).length === 2),
    );
    for (const p of onVot) {
      const latest = history.filter((h) => h.patient_id === p.id).at(-1)!;
      assert.deepEqual(
        [p.pure_or_hybrid, p.volunteer_id, p.type],
        [latest.pure_or_hybrid, latest.volunteer_id, latest.type],
      );
    }
    some((p) => p.status === 1 && p.VOT_accept === 'Yes' && p.DOT_start_date === null);

    await seedDemo(handle.db, testConfig(), key, null);
    assert.deepEqual(await handle.db.select({ n: count() }).from(changeVolunteers), [{ n: history.length }]);
    assert.deepEqual(await handle.db.select({ n: count() }).from(volunteers), [{ n: DEMO_VOLUNTEERS.length }]);
    assert.deepEqual(await handle.db.select({ n: count() }).from(patients), [{ n: DEMO_PATIENTS.length }]);
    assert.deepEqual(await handle.db.select({ n: count() }).from(users), [{ n: ROLES.length }]);
  });
});
