import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { inArray, sql } from 'drizzle-orm';
import {
  VOT_NOT_ACCEPT_REASONS,
  VOT_STOP_REASONS,
  VOT_STOPPED_OUTCOME,
  VOT_SUCCESS_OUTCOMES,
  quarterDays,
  reportQuartersBetween,
} from '@vot/shared/domain';
import type { Database } from '../src/db/client';
import { patients } from '../src/db/schema';
import { rowsOf } from '../src/db/rows';
import type { RequestUser } from '../src/http/auth';
import { liveCohortSql, rolledUpCohortSql } from '../src/routes/reports/vot-report/cohort';
import { groupsSql } from '../src/routes/reports/vot-report/query';
import { backends, useApp } from './helpers';
import { random, seedOf } from './seeded';
import { patientRow, votPlaces, type VotPlaces } from './vot-fixtures';

/** The twelve quarters of FY24–FY26. */
const REPORT_PERIODS = reportQuartersBetween('2024-01-01', '2026-12-31');

/**
 * The VOT report's cohort roll-up (vot_report_cohorts, kept by the triggers of drizzle/0014) against
 * the live definition (liveCohortSql, a row per patient): after every step of a random sequence of
 * patient writes — new patients (several in one statement), changes of any counted answer (one
 * patient or several in one statement), trash, recover, permanent delete — groups 1–5, 7, 8 read
 * from the roll-up equal the same groups read from the patients, for a national role and a Field
 * Officer, as of several days; and the stored rows equal a rebuild. DOBs fall around the 15th
 * birthday on a quarter's first day, so the age group's edge is exercised.
 * Random but reproducible: COHORT_SEED=n repeats a run (the seed is in the test's name).
 */
const SEED = seedOf('COHORT_SEED');
const STEPS = 80;
const AS_OF = ['2024-03-31', '2025-06-30', '2026-02-14', '2026-12-31'];
const NATIONAL = { role: 'MEAL Associate', township_ids: [] } as unknown as RequestUser;

type PatientRow = typeof patients.$inferInsert;

for (const backend of await backends()) {
  describe(`VOT report cohort roll-up on ${backend.name} (seed ${SEED})`, () => {
    const t = useApp(backend);
    const db = (): Database => t.handle.db;
    const r = random(SEED);
    let places: VotPlaces;
    let fieldOfficer: RequestUser;
    let serial = 0;

    const day = (from: string, spanDays: number) => {
      const d = new Date(`${from}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + r.int(0, spanDays));
      return d.toISOString().slice(0, 10);
    };
    /** Around the 15th birthday on a random quarter's first day (± 2 days), or any DOB, or none. */
    const dob = () => {
      const choice = r.int(0, 2);
      if (choice === 0) return null;
      if (choice === 1) return day('1960-01-01', 20_000);
      const first = quarterDays(r.pick(REPORT_PERIODS)).start;
      const d = new Date(`${Number(first.slice(0, 4)) - 15}${first.slice(4)}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + r.int(-2, 2));
      return d.toISOString().slice(0, 10);
    };
    const maybe = <T>(value: () => T): T | null => (r.int(0, 2) === 0 ? null : value());

    /** Every counted answer, drawn at random (a patient's own shape need not be consistent: the report counts what is stored). */
    const answers = (): Partial<PatientRow> => ({
      report_period: maybe(() => r.pick(REPORT_PERIODS)),
      treatment_start_date: maybe(() => day('2023-10-01', 1200)),
      DOB: dob(),
      age: r.int(10, 20),
      sex: r.pick(['Male', 'Female']),
      VOT_eligible: r.pick([null, 'Yes', 'No']),
      // The decisions' days: given with the write (kept), or left to the database (today's).
      VOT_eligible_date: maybe(() => day('2024-01-01', 1000)),
      VOT_accept: r.pick([null, 'Yes', 'No']),
      VOT_accept_date: maybe(() => day('2024-01-01', 1000)),
      VOT_not_accept_reason: maybe(() => r.pick(VOT_NOT_ACCEPT_REASONS)),
      DOT_start_date: maybe(() => day('2024-01-01', 1000)),
      DOT_end_date: maybe(() => day('2024-06-01', 900)),
      VDOT_end_type: maybe(() => r.pick([...VOT_SUCCESS_OUTCOMES, VOT_STOPPED_OUTCOME])),
      VDOT_end_date: maybe(() => day('2024-06-01', 900)),
      VDOT_stop_reason: maybe(() => r.pick(VOT_STOP_REASONS)),
    });
    /** One answer changed, or a few. */
    const someAnswers = (): Partial<PatientRow> => {
      const all = Object.entries(answers());
      return Object.fromEntries(Array.from({ length: r.int(1, 3) }, () => r.pick(all)));
    };
    const newPatient = (): PatientRow => {
      serial += 1;
      const township = r.pick([places.hty, places.ins]);
      const trashed = r.int(0, 9) === 0;
      return patientRow(`C-${serial}`, {
        township_id: trashed ? null : township,
        recover_township_id: trashed ? township : null,
        status: trashed ? 0 : 1,
        ...(answers() as Required<Pick<PatientRow, 'age' | 'sex'>>),
      });
    };
    const ids = async () =>
      (await rowsOf<{ id: number }>(db(), sql`select id from patients order by id`)).map((row) => Number(row.id));
    const some = (list: number[]) => [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(list)))];

    async function step(): Promise<string> {
      const all = await ids();
      const kind = all.length < 5 ? 0 : r.int(0, 9);
      if (kind <= 2) {
        await db()
          .insert(patients)
          .values(Array.from({ length: r.int(1, 3) }, newPatient));
        return 'insert';
      }
      const chosen = some(all);
      if (kind <= 6) {
        await db().update(patients).set(someAnswers()).where(inArray(patients.id, chosen));
        return `update ${chosen}`;
      }
      if (kind === 7) {
        await db().execute(
          sql`update patients set status = 0, recover_township_id = township_id, township_id = null where status = 1 and id in (${sql.join(chosen, sql`, `)})`,
        );
        return `trash ${chosen}`;
      }
      if (kind === 8) {
        await db().execute(
          sql`update patients set status = 1, township_id = recover_township_id, recover_township_id = null where status = 0 and id in (${sql.join(chosen, sql`, `)})`,
        );
        return `recover ${chosen}`;
      }
      await db().delete(patients).where(inArray(patients.id, chosen));
      return `delete ${chosen}`;
    }

    const groups = (cohort: ReturnType<typeof liveCohortSql>, asOf: string) => rowsOf(db(), groupsSql(cohort, asOf));
    const KEY = sql.raw(
      `period, township_id, sex, child, "VOT_eligible", "VOT_eligible_date"::text, "VOT_accept", "VOT_accept_date"::text, "VOT_not_accept_reason", "DOT_start_date"::text, "DOT_end_date"::text, "VDOT_end_type", "VDOT_end_date"::text, "VDOT_stop_reason"`,
    );
    const stored = () => rowsOf(db(), sql`select ${KEY}, n from vot_report_cohorts order by ${KEY}`);
    const rebuilt = () =>
      rowsOf(
        db(),
        sql`select ${KEY}, n from (select k.*, count(*)::int as n from patients p, lateral vot_report_cohort_of(p) k group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14) x order by ${KEY}`,
      );

    // Sets up two townships
    before(async () => {
      places = await votPlaces(db());
      fieldOfficer = { role: 'Field Officer', township_ids: [places.hty] } as unknown as RequestUser;
    });

    it(`keeps the report's figures equal to the patients' after ${STEPS} random writes`, async () => {
      const periods = [...REPORT_PERIODS];
      for (let i = 0; i < STEPS; i++) {
        const what = await step();
        const asOf = r.pick(AS_OF);
        for (const user of [NATIONAL, fieldOfficer]) {
          assert.deepEqual(
            await groups(rolledUpCohortSql(user, periods), asOf),
            await groups(liveCohortSql(user, periods), asOf),
            `step ${i} (${what}), ${user.role}, as of ${asOf}, seed ${SEED}`,
          );
        }
        assert.deepEqual(await stored(), await rebuilt(), `stored rows after step ${i} (${what}), seed ${SEED}`);
      }
      const count = await rowsOf<{ n: number }>(
        db(),
        sql`select coalesce(sum(n), 0)::int as n from vot_report_cohorts`,
      );
      assert.ok(Number(count[0]!.n) > 0, 'the sequence left some screened patients to count');
    });

    it('keeps no empty cohort, and a truncate empties the roll-up', async () => {
      const empty = await rowsOf(db(), sql`select 1 from vot_report_cohorts where n <= 0`);
      assert.equal(empty.length, 0);
      await db().execute(sql`truncate patients cascade`);
      assert.deepEqual(await stored(), []);
    });
  });
}
