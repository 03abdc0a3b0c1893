import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import type { Patient, VotReport } from '@vot/shared/schemas';
import { REGISTRATION_DETAILS } from '@vot/shared/testing/records';
import { patients } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';
import { patientRow, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * Reporting Periods and registration years follow the calendar (shared/src/domain/fiscal.ts): with
 * the API's clock in January 2027 and in 2031, the new quarters and years are accepted where the
 * fixed list of FY24Q1–FY26Q4 and 2020–2030 refused them, the quarter after next is still refused,
 * and the VOT report has rows for the new quarters.
 */

for (const backend of await backends()) {
  for (const [label, now, today, accepted, refused] of [
    ['1 January 2027 (Yangon)', '2026-12-31T18:00:00Z', '2027-01-01', 'FY27Q2', 'FY27Q3'],
    ['June 2031', '2031-06-10T05:00:00Z', '2031-06-10', 'FY31Q3', 'FY31Q4'],
  ] as const) {
    describe(`periods on ${label}, ${backend.name}`, () => {
      const t = useApp(backend);
      let places: VotPlaces;
      let meal: Client;
      const year = Number(today.slice(0, 4));

      before(async () => {
        places = await votPlaces(t.handle.db);
        mock.timers.enable({ apis: ['Date'], now: new Date(now) });
        meal = await t.signInAs('MEAL and Digital Tool Officer');
      });
      after(() => mock.timers.reset());

      it('registers a patient in this year and next, not the year after, and gives them this quarter or the next', async () => {
        const register = (y: number, n: number) =>
          meal.post('patients', {
            year: y,
            township_id: places.hty,
            SP_code: `SP-${year}-${n}`,
            name: `Patient ${n}`,
            age: 30,
            sex: 'Male',
            treatment_start_date: today,
            ...REGISTRATION_DETAILS,
          });
        const created = await register(year, 1);
        assert.equal(created.statusCode, 201, created.body);
        assert.equal((await register(year + 1, 2)).statusCode, 201);
        const tooLate = await register(year + 2, 3);
        assert.equal(tooLate.statusCode, 400);
        assert.deepEqual(tooLate.json().errors, { year: ['Year is required!'] });

        const id = (created.json().data as Patient).id;
        const period = (report_period: string) => meal.update(`report-period/${id}`, { report_period });
        const thisQuarter = `FY${String(year % 100)}Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
        for (const p of ['FY24Q1', thisQuarter, accepted]) {
          const res = await period(p);
          assert.equal(res.statusCode, 200, `${p}: ${res.body}`);
          assert.equal((res.json().data as Patient).report_period, p);
        }
        const refusedAnswer = await period(refused);
        assert.equal(refusedAnswer.statusCode, 400);
        assert.deepEqual(refusedAnswer.json().errors, { report_period: ['Reporting Period is required'] });
        assert.equal((await period('FY23Q4')).statusCode, 400);
      });

      it("reports this year's quarters", async () => {
        const quarter = `FY${String(year % 100)}Q1`;
        await t.handle.db
          .insert(patients)
          .values(
            patientRow(`periods-${year}`, { township_id: places.hty, VOT_eligible: 'Yes', report_period: quarter }),
          );
        const res = await meal.get(`VOT-report?start_date=${year}-01-01&end_date=${today}`);
        assert.equal(res.statusCode, 200, res.body);
        const report = res.json() as VotReport;
        const row = report.data.find((r) => r.fy + r.quarter === quarter);
        assert.equal(row?.screened.total, 1);
        assert.equal(report.end_date, today);
        // Without dates: from the programme's first day to today.
        const whole = (await meal.get('VOT-report')).json() as VotReport;
        assert.equal(whole.start_date, '2024-01-01');
        assert.equal(whole.end_date, today);
        assert.ok(whole.data.some((r) => r.fy + r.quarter === quarter));
      });
    });
  }
}
