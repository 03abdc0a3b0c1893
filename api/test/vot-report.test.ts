import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { expandDateRange } from '@vot/shared/domain';
import type { AgeSexCounts, NotCountedPatient, VotReport, VotReportRow } from '@vot/shared/schemas';
import { dots, patients } from '../src/db/schema';
import { refreshLedgers } from '../src/ledger';
import { backends, useApp, type Client } from './helpers';
import { patientRow, votPlaces, type VotPlaces } from './vot-fixtures';
import { describeRoleMatrix } from './role-matrix';

/**
 * The VOT report's figures on a known data set: two townships (the Field Officer works in
 * Hlaingthaya only), two quarters (FY26Q1 = January–March 2026, FY26Q2 = April–June 2026), exact
 * numbers for every column, and the edges of docs/decisions/0091: a girl who turns 15
 * within her quarter (under 15: age on the quarter's first day), a visit on the quarter's last day
 * (counted when the report ends that day), a visit after it (not counted), a patient in trash (in
 * no figure), a patient without a Reporting Period (the quarter of her treatment start), a patient
 * enrolled after the end date, and Insein, outside the Field Officer's townships.
 */
const V = '/api/v1';
const Q = 'VOT-report?start_date=2026-01-01&end_date=2026-06-30';

type PatientRow = typeof patients.$inferInsert;
let serial = 0;

const ageSex = (u15m: number, u15f: number, m: number, f: number): AgeSexCounts => ({
  under_15_male: u15m,
  under_15_female: u15f,
  from_15_male: m,
  from_15_female: f,
  total: u15m + u15f + m + f,
});
const NO_STOPS = {
  total: 0,
  switch_to_family_dot: 0,
  deny_vot: 0,
  phone_damaged_or_lost: 0,
  technical_issues: 0,
  internet_problem: 0,
  others: 0,
};

for (const backend of await backends()) {
  describe(`VOT report on ${backend.name}`, () => {
    const t = useApp(backend);
    let places: VotPlaces;
    let meal: Client;
    let fo: Client;

    async function patient(township: number, values: Partial<PatientRow>): Promise<number> {
      serial += 1;
      const [row] = await t.handle.db
        .insert(patients)
        // Decisions made at the start of the year: counted on every as-of day of these reports.
        .values(
          patientRow(`R-${serial}`, {
            township_id: township,
            VOT_eligible: 'Yes',
            VOT_eligible_date: '2026-01-01',
            VOT_accept_date: values.VOT_accept ? '2026-01-01' : null,
            ...values,
          }),
        )
        .returning({ id: patients.id });
      return row!.id;
    }
    /** Visit records (work 1, an own visit) on the days; `false` days are recorded as not observed. Written as a write path does: with the ledger's roll-up. */
    async function visits(patientId: number, days: string[], workStatus = true) {
      await t.handle.db.insert(dots).values(
        days.map((date) => ({
          uuid: randomUUID(),
          patient_id: patientId,
          date,
          work: 1,
          work_status: workStatus,
          created: 'app',
        })),
      );
      await refreshLedgers(t.handle.db, [patientId]);
    }
    const onVot = (start: string, more: Partial<PatientRow> = {}): Partial<PatientRow> => ({
      VOT_accept: 'Yes',
      DOT_start_date: start,
      ...more,
    });
    const report = async (client: Client, url = Q) => {
      const res = await client.get(url);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as VotReport;
    };
    const row = (r: VotReport, township: string, quarter: string) =>
      r.data.find((x) => x.township === township && x.fy + x.quarter === quarter);

    it('builds the data set', async () => {
      places = await votPlaces(t.handle.db);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      const { hty, ins } = places;
      // Hlaingthaya, FY26Q1
      await patient(hty, { DOB: '2000-01-01', age: 26, report_period: 'FY26Q1', ...onVot('2026-02-01') });
      // Turns 15 on 15 March 2026: under 15 for the whole of FY26Q1. Cured, visits every VOT day.
      const p2 = await patient(hty, {
        sex: 'Female',
        DOB: '2011-03-15',
        age: 14,
        report_period: 'FY26Q1',
        ...onVot('2026-01-10', { DOT_end_date: '2026-03-31', VDOT_end_date: '2026-03-31', VDOT_end_type: 'Cured' }),
      });
      await visits(p2, expandDateRange('2026-01-10', '2026-03-31'));
      // No Reporting Period: the quarter of the treatment start (February 2026 → FY26Q1). Not eligible.
      await patient(hty, {
        sex: 'Female',
        age: 30,
        treatment_start_date: '2026-02-15',
        VOT_eligible: 'No',
        VOT_not_eligible_reason: 'Adherence issues',
      });
      await patient(hty, {
        age: 40,
        report_period: 'FY26Q1',
        VOT_accept: 'No',
        VOT_not_accept_reason: 'Family does not agree',
      });
      await patient(hty, {
        sex: 'Female',
        age: 50,
        report_period: 'FY26Q1',
        VOT_accept: 'No',
        VOT_not_accept_reason: 'Others (Specify)',
        VOT_not_accept_reason_other: 'Travels',
      });
      // In trash: counted nowhere.
      const trashed = await patient(hty, {
        township_id: null,
        recover_township_id: hty,
        status: 0,
        report_period: 'FY26Q1',
        ...onVot('2026-02-01'),
      });
      await visits(trashed, ['2026-02-01']);
      // Hlaingthaya, FY26Q2
      await patient(hty, {
        DOB: '2016-05-05',
        age: 9,
        report_period: 'FY26Q2',
        ...onVot('2026-04-01', {
          DOT_end_date: '2026-05-15',
          VDOT_end_date: '2026-05-15',
          VDOT_end_type: 'Unable to continue VOT',
          VDOT_stop_reason: 'Technical issues',
        }),
      });
      // Observed 27 June and 30 June (the quarter's last day), not observed 28 June, nothing on 29 June:
      // 2 of 4 days missed (50 %, the 10–50 % band). Without the last day's visit: 2 of 3 (over 50 %).
      const p8 = await patient(hty, { sex: 'Female', age: 20, report_period: 'FY26Q2', ...onVot('2026-06-27') });
      await visits(p8, ['2026-06-27', '2026-06-30', '2026-07-01']);
      await visits(p8, ['2026-06-28'], false);
      // 27 of 29 days observed (30 June has no record yet, so it is not counted): under 10 %.
      const p9 = await patient(hty, { age: 35, report_period: 'FY26Q2', ...onVot('2026-06-01') });
      await visits(p9, expandDateRange('2026-06-01', '2026-06-27'));
      await patient(hty, { sex: 'Female', age: 60, report_period: 'FY26Q2', ...onVot('2026-06-11') });
      // Starts VOT after the end date: screened and eligible, not enrolled.
      await patient(hty, { sex: 'Female', age: 33, report_period: 'FY26Q2', ...onVot('2026-07-05') });
      // Outside the dates: FY25Q4.
      await patient(hty, { report_period: 'FY25Q4', ...onVot('2025-11-01') });
      // Insein, FY26Q1: outside the Field Officer's townships.
      await patient(ins, { age: 45, report_period: 'FY26Q1', ...onVot('2026-03-01') });
    });

    it('counts every column of Hlaingthaya FY26Q1', async () => {
      const r = await report(meal);
      assert.deepEqual(row(r, 'Hlaingthaya', 'FY26Q1'), {
        organization: 'MDR-TB',
        region: 'Yangon Region',
        township_id: places.hty,
        township: 'Hlaingthaya',
        fy: 'FY26',
        quarter: 'Q1',
        screened: ageSex(0, 1, 2, 2),
        eligible: ageSex(0, 1, 2, 1),
        enrolled: ageSex(0, 1, 1, 0),
        declined: { total: 2, family: 1, privacy: 0, others: 1 },
        on_vot: 1,
        missed_doses: {
          head_count: 2,
          under_10: { count: 1, percent: 50 },
          from_10_to_50: { count: 0, percent: 0 },
          over_50: { count: 1, percent: 50 },
        },
        stopped: NO_STOPS,
        cured_completed: ageSex(0, 1, 0, 0),
      } satisfies VotReportRow);
    });

    it('counts every column of Hlaingthaya FY26Q2, the last day of the quarter included', async () => {
      const r = await report(meal);
      assert.deepEqual(row(r, 'Hlaingthaya', 'FY26Q2'), {
        organization: 'MDR-TB',
        region: 'Yangon Region',
        township_id: places.hty,
        township: 'Hlaingthaya',
        fy: 'FY26',
        quarter: 'Q2',
        screened: ageSex(1, 0, 1, 3),
        eligible: ageSex(1, 0, 1, 3),
        enrolled: ageSex(1, 0, 1, 2),
        declined: { total: 0, family: 0, privacy: 0, others: 0 },
        on_vot: 3,
        missed_doses: {
          head_count: 4,
          under_10: { count: 1, percent: 25 },
          from_10_to_50: { count: 1, percent: 25 },
          over_50: { count: 2, percent: 50 },
        },
        stopped: { ...NO_STOPS, total: 1, technical_issues: 1 },
        cured_completed: ageSex(0, 0, 0, 0),
      } satisfies VotReportRow);
    });

    it('answers the rows in order, and Insein for roles that see every township', async () => {
      const r = await report(meal);
      assert.deepEqual(
        r.data.map((x) => `${x.township} ${x.fy}${x.quarter}`),
        ['Hlaingthaya FY26Q1', 'Hlaingthaya FY26Q2', 'Insein FY26Q1'],
      );
      assert.deepEqual(row(r, 'Insein', 'FY26Q1')?.missed_doses.over_50, { count: 1, percent: 100 });
      assert.equal(row(r, 'Insein', 'FY26Q1')?.on_vot, 1);
      assert.equal(r.start_date, '2026-01-01');
      assert.equal(r.end_date, '2026-06-30');
    });

    it('shows a Field Officer their townships only', async () => {
      const mine = await report(fo);
      assert.deepEqual(
        mine.data.map((x) => `${x.township} ${x.fy}${x.quarter}`),
        ['Hlaingthaya FY26Q1', 'Hlaingthaya FY26Q2'],
      );
      assert.deepEqual(
        mine.data,
        (await report(meal)).data.filter((x) => x.township_id === places.hty),
      );
    });

    it('counts as of the end date and shows only the quarters of the dates', async () => {
      // Ending on 31 March: FY26Q1 only; p2 (cured 31 March) and p1 are both still enrolled.
      const march = await report(meal, 'VOT-report?start_date=2026-02-01&end_date=2026-03-31');
      assert.deepEqual(
        march.data.map((x) => `${x.township} ${x.fy}${x.quarter}`),
        ['Hlaingthaya FY26Q1', 'Insein FY26Q1'],
      );
      const hty = row(march, 'Hlaingthaya', 'FY26Q1')!;
      assert.equal(hty.on_vot, 1);
      assert.equal(hty.cured_completed.total, 1);
      // Ending on 20 January: p1 (from 1 February) is not yet enrolled, p2 is on VOT.
      const january = await report(meal, 'VOT-report?start_date=2026-01-01&end_date=2026-01-20');
      const early = row(january, 'Hlaingthaya', 'FY26Q1')!;
      assert.deepEqual(early.enrolled, ageSex(0, 1, 0, 0));
      assert.equal(early.on_vot, 1);
      assert.equal(early.cured_completed.total, 0);
    });

    it('says when it was generated', async () => {
      const r = await report(meal);
      assert.ok(Math.abs(Date.parse(r.generated_at) - Date.now()) < 60_000, r.generated_at);
    });

    it("lists the screened patients it counts in no row, and why, within the user's townships", async () => {
      const { hty, ins } = places;
      const none = await patient(hty, { name: 'No Quarter', age: 30 });
      const early = await patient(hty, { name: 'Started 2023', age: 31, treatment_start_date: '2023-11-20' });
      const elsewhere = await patient(ins, { name: 'Insein No Quarter', age: 32 });
      // Not screened: not the report's patient at all.
      await patient(hty, { name: 'Not Screened', VOT_eligible: null });
      const list = async (client: Client) => {
        const res = await client.get('VOT-report-not-counted?page=1');
        assert.equal(res.statusCode, 200, res.body);
        return res.json() as { data: NotCountedPatient[]; total: number; status: string };
      };
      const national = await list(meal);
      assert.equal(national.total, 3);
      assert.deepEqual(
        national.data.map((p) => [p.id, p.township, p.reason]),
        [
          [elsewhere, 'Insein', 'no_quarter'],
          [early, 'Hlaingthaya', 'before_programme'],
          [none, 'Hlaingthaya', 'no_quarter'],
        ],
      );
      assert.deepEqual(
        (await list(fo)).data.map((p) => p.id),
        [early, none],
      );
      // Given a Reporting Period, the patient is in a row again.
      assert.equal((await meal.update(`report-period/${none}`, { report_period: 'FY26Q1' })).statusCode, 200);
      assert.equal((await list(meal)).total, 2);
      assert.equal((await meal.get('VOT-report-not-counted?page=0')).statusCode, 400);
    });

    it('refuses bad dates with the field message', async () => {
      const backwards = await meal.get('VOT-report?start_date=2026-06-30&end_date=2026-01-01');
      assert.equal(backwards.statusCode, 400);
      assert.equal(backwards.json().message, 'End Date must not be before Start Date!');
      const notADay = await meal.get('VOT-report?start_date=2026-13-01');
      assert.equal(notADay.statusCode, 400);
      assert.ok(notADay.json().errors.start_date);
      assert.equal((await meal.get('VOT-report?end_date=2999-01-01')).statusCode, 400);
    });
  });
}

await describeRoleMatrix('VOT report', [
  {
    resource: 'reports',
    action: 'read',
    method: 'GET',
    url: `${V}/VOT-report?start_date=2026-01-01&end_date=2026-03-31`,
  },
  { resource: 'reports', action: 'read', method: 'GET', url: `${V}/VOT-report-not-counted?page=1` },
]);
