import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { VISIT_EXPORT_PAGE_SIZE } from '@vot/shared/domain';
import type { VisitExportPage } from '@vot/shared/schemas';
import { dots, patients } from '../src/db/schema';
import { EXPORT_CHANGED } from '../src/routes/vot/visit-repository';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, patientRow, votPlaces } from './vot-fixtures';

/**
 * 'All-Patient-VOTs' (GET export-all-patient-DOTs) in pages of at most VISIT_EXPORT_PAGE_SIZE
 * records, `after` the previous page's `next`: walked to the end, the pages hold every record of
 * the export once, in one order (newest patient first, each patient's records newest first, ties
 * of a day by id), for the user's scope and township, and never the no-app days.
 */
const RECORDS = { a: 6_200, b: 3_900, insein: 2_000 };

async function walk(client: Client, query: string): Promise<{ pages: VisitExportPage[]; last: number }> {
  const pages: VisitExportPage[] = [];
  let after: number | null = null;
  do {
    const res = await client.get(`export-all-patient-DOTs?${query}${after === null ? '' : `&after=${after}`}`);
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json() as VisitExportPage;
    pages.push(page);
    after = page.next;
  } while (after !== null && pages.length < 20);
  return { pages, last: pages.length };
}

for (const backend of await backends()) {
  describe(`All-Patient-VOTs export in pages on ${backend.name}`, () => {
    const t = useApp(backend);

    it('walks every record once, in order, a bounded page at a time, in the scope and township asked', async () => {
      const places = await votPlaces(t.handle.db);
      const inserted = await t.handle.db
        .insert(patients)
        .values([
          patientRow('EXP-A', { township_id: places.hty, DOT_start_date: daysAgo(400) }),
          patientRow('EXP-B', { township_id: places.hty, DOT_start_date: daysAgo(400) }),
          patientRow('EXP-I', { township_id: places.ins, DOT_start_date: daysAgo(400) }),
        ])
        .returning({ id: patients.id });
      const [a, b, insein] = inserted.map((p) => p.id);
      // Several records a day (ties broken by id across page ends), 300 days back; no-app days are not visits.
      const records = (patient: number, n: number, created = 'app') =>
        t.handle.db.execute(sql`insert into dots (uuid, patient_id, date, work, work_status, created)
          select gen_random_uuid(), ${patient}, current_date - (g % 300), 1 + g % 4, true, ${created}
          from generate_series(1, ${n}) g`);
      await records(a!, RECORDS.a);
      await records(b!, RECORDS.b);
      await records(insein!, RECORDS.insein);
      await records(a!, 50, 'no-app');
      const range = `start_date=${daysAgo(320)}&end_date=${daysAgo(0)}`;

      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      const { pages } = await walk(meal, range);
      const total = RECORDS.a + RECORDS.b + RECORDS.insein;
      assert.equal(pages.length, Math.ceil(total / VISIT_EXPORT_PAGE_SIZE));
      assert.ok(pages.every((p) => p.data.length <= VISIT_EXPORT_PAGE_SIZE));
      assert.ok(
        pages.slice(0, -1).every((p) => p.data.length === VISIT_EXPORT_PAGE_SIZE && p.next === p.data.at(-1)!.id),
      );
      assert.equal(pages.at(-1)!.next, null);
      const rows = pages.flatMap((p) => p.data);
      assert.equal(new Set(rows.map((r) => r.id)).size, total, 'every record once');
      const expected = (await t.handle.db.execute(
        sql`select id from dots where created <> 'no-app' order by patient_id desc, date desc, id desc`,
      )) as unknown as { rows: { id: number }[] };
      assert.deepEqual(
        rows.map((r) => r.id),
        expected.rows.map((r) => r.id),
      );

      // A Field Officer of Hlaingthaya: its two patients only; a township filter: that township only.
      const fo = await t.signInAs('Field Officer');
      const own = (await walk(fo, range)).pages.flatMap((p) => p.data);
      assert.equal(own.length, RECORDS.a + RECORDS.b);
      assert.ok(own.every((r) => r.township.name === 'Hlaingthaya'));
      const ins = (await walk(meal, `${range}&township_id=${places.ins}`)).pages.flatMap((p) => p.data);
      assert.equal(ins.length, RECORDS.insein);

      // The record a page ended on deleted before the next is asked: the export says to start again.
      const first = pages[0]!;
      await t.handle.db.delete(dots).where(eq(dots.id, first.next!));
      const lost = await meal.get(`export-all-patient-DOTs?${range}&after=${first.next}`);
      assert.equal(lost.statusCode, 409);
      assert.equal(lost.json().message, EXPORT_CHANGED);
      assert.equal((await meal.get(`export-all-patient-DOTs?${range}&after=x`)).statusCode, 400);
    });
  });
}
