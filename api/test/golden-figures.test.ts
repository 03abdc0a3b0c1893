import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { inArray } from 'drizzle-orm';
import type { LedgerSummary, VotReport, VotReportRow } from '@vot/shared/schemas';
import { patients } from '../src/db/schema';
import { ledgerSummaries } from '../src/ledger';
import { goldenData } from './golden-data';
import { backends, useApp, type Client } from './helpers';

/**
 * The golden data set (./golden-data.ts: one township's patients, decisions and dose records), and
 * the figures a programme officer would compute from them by hand, written here as constants (never
 * by the code under test), as of three days: 30 September 2026 (the end of FY26Q3, a past quarter),
 * 15 October and 20 November 2026. docs/figures.md defines each figure; a change of a definition
 * changes a constant here, on purpose. The dashboards' figures: ./golden-dashboards.test.ts.
 */
const AS_OF = ['2026-09-30', '2026-10-15', '2026-11-20'] as const;
type AsOf = (typeof AS_OF)[number];

/** Each patient's ledger as of each day: counted days (awaiting review left out), observed, verified, not observed, awaiting, band. */
const LEDGER: Record<string, Partial<Record<AsOf, Partial<LedgerSummary>>>> = {
  // 30 Sep: 21–29 September (the 30th has no record); the 27th awaits review (3 days): 8 counted,
  // observed 21, 22, 25; not taken 23, 28; unrecorded 24, 26 (a record whose video never arrived),
  // 29. Missed 5 of 8: over 50 %.
  P1: {
    '2026-09-30': {
      days_elapsed: 8,
      observed_days: 3,
      not_observed_days: 2,
      unrecorded_days: 3,
      missed_days: 5,
      adherence: 37.5,
      verified_days: 2,
      verified_adherence: 25,
      awaiting_review_days: 1,
      missed_band: 'over50',
    },
    // 21 September – 14 October: 24 days; the 27th now observed, not verified; 1–10 October: 14 observed, 12 verified.
    '2026-10-15': {
      days_elapsed: 24,
      observed_days: 14,
      not_observed_days: 2,
      missed_days: 10,
      adherence: 58.3,
      verified_days: 12,
      verified_adherence: 50,
      awaiting_review_days: 0,
      missed_band: 'from10to50',
    },
    // 21 September – 19 November: 60 days, 14 observed, 46 missed.
    '2026-11-20': {
      days_elapsed: 60,
      observed_days: 14,
      missed_days: 46,
      adherence: 23.3,
      verified_days: 12,
      verified_adherence: 20,
      missed_band: 'over50',
    },
  },
  // 21 October – 19 November: 30 days, 25 observed in person, 5 missed (16.7 %).
  P4: {
    '2026-11-20': {
      days_elapsed: 30,
      observed_days: 25,
      missed_days: 5,
      adherence: 83.3,
      verified_days: 25,
      verified_adherence: 83.3,
      missed_band: 'from10to50',
    },
  },
  // 10 July – 15 September: 68 days, all observed in person.
  P5: Object.fromEntries(
    AS_OF.map((d) => [
      d,
      {
        days_elapsed: 68,
        observed_days: 68,
        missed_days: 0,
        adherence: 100,
        verified_days: 68,
        missed_band: 'under10',
      },
    ]),
  ),
  // From 1 August: to 29 September (60 days), then to the end on 10 October (71 days); nothing observed.
  P6: {
    '2026-09-30': { days_elapsed: 60, observed_days: 0, missed_days: 60, adherence: 0, missed_band: 'over50' },
    '2026-10-15': { days_elapsed: 71, observed_days: 0, missed_days: 71, adherence: 0, missed_band: 'over50' },
    '2026-11-20': { days_elapsed: 71, observed_days: 0, missed_days: 71, adherence: 0, missed_band: 'over50' },
  },
};

const ageSex = (u15m: number, u15f: number, m: number, f: number) => ({
  under_15_male: u15m,
  under_15_female: u15f,
  from_15_male: m,
  from_15_female: f,
  total: u15m + u15f + m + f,
});
const band = (count: number, percent: number) => ({ count, percent });
const stopped = (n: number) => ({
  total: n,
  switch_to_family_dot: 0,
  deny_vot: 0,
  phone_damaged_or_lost: n,
  technical_issues: 0,
  internet_problem: 0,
  others: 0,
});

/** The VOT report's FY26Q3 row of Hlaingthaya, as of each day. */
const REPORT: Record<
  AsOf,
  Omit<VotReportRow, 'organization' | 'region' | 'township_id' | 'township' | 'fy' | 'quarter'>
> = {
  // P4 is not screened yet; P2's decline is not made yet; P3 is not eligible (the answer then in
  // force, changed on 10 October); P6 is still on VOT; P5 cured on 15 September.
  '2026-09-30': {
    screened: ageSex(0, 1, 2, 2),
    eligible: ageSex(0, 1, 2, 1),
    enrolled: ageSex(0, 0, 2, 1),
    declined: { total: 0, family: 0, privacy: 0, others: 0 },
    on_vot: 2,
    missed_doses: {
      head_count: 3,
      under_10: band(1, 33.33),
      from_10_to_50: band(0, 0),
      over_50: band(2, 66.67),
    },
    stopped: stopped(0),
    cured_completed: ageSex(0, 0, 0, 1),
  },
  // P2 declined (family); P6 stopped on 10 October; P1 in the 10–50 % band; P3 eligible since 10 October.
  '2026-10-15': {
    screened: ageSex(0, 1, 2, 2),
    eligible: ageSex(0, 1, 2, 2),
    enrolled: ageSex(0, 0, 2, 1),
    declined: { total: 1, family: 1, privacy: 0, others: 0 },
    on_vot: 1,
    missed_doses: {
      head_count: 3,
      under_10: band(1, 33.33),
      from_10_to_50: band(1, 33.33),
      over_50: band(1, 33.33),
    },
    stopped: stopped(1),
    cured_completed: ageSex(0, 0, 0, 1),
  },
  // P4 screened, eligible, enrolled and on VOT.
  '2026-11-20': {
    screened: ageSex(0, 1, 3, 2),
    eligible: ageSex(0, 1, 3, 2),
    enrolled: ageSex(0, 0, 3, 1),
    declined: { total: 1, family: 1, privacy: 0, others: 0 },
    on_vot: 2,
    missed_doses: {
      head_count: 4,
      under_10: band(1, 25),
      from_10_to_50: band(1, 25),
      over_50: band(2, 50),
    },
    stopped: stopped(1),
    cured_completed: ageSex(0, 0, 0, 1),
  },
};

/** Activity Dashboard "Take medicines" (days observed): FY26Q3 (P5 68, P1 21, 22, 25, 27) and 1 October – 20 November (P1 10, P4 25). */
const TAKE_MEDICINES = { q3: 72, october_november: 35 };

for (const backend of await backends()) {
  describe(`Golden figures of Hlaingthaya, FY26Q3, on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let ids: Record<string, number> = {};

    before(async () => {
      ({ ids } = await goldenData(t.handle.db));
      meal = await t.signInAs('MEAL and Digital Tool Officer');
    });

    for (const asOf of AS_OF) {
      it(`gives each patient's ledger as of ${asOf}`, async () => {
        const byId = new Map(
          (await ledgerSummaries(t.handle.db, inArray(patients.id, Object.values(ids)), asOf)).map((l) => [
            l.patient_id,
            l,
          ]),
        );
        for (const [label, days] of Object.entries(LEDGER)) {
          const expected = days[asOf];
          if (!expected) continue;
          const actual = byId.get(ids[label]!);
          assert.ok(actual, `${label} has a ledger as of ${asOf}`);
          const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, actual[k as keyof LedgerSummary]]));
          assert.deepEqual(picked, expected, `${label} as of ${asOf}`);
        }
      });

      it(`gives every group of the VOT report as of ${asOf}`, async () => {
        const res = await meal.get(`VOT-report?start_date=2026-07-01&end_date=${asOf}`);
        assert.equal(res.statusCode, 200, res.body);
        const rows = (res.json() as VotReport).data.filter((r) => r.township === 'Hlaingthaya');
        assert.deepEqual(
          rows.map((r) => r.fy + r.quarter),
          ['FY26Q3'],
        );
        const {
          organization: _o,
          region: _r,
          township_id: _i,
          township: _t,
          fy: _f,
          quarter: _q,
          ...groups
        } = rows[0]!;
        assert.deepEqual(groups, REPORT[asOf]);
      });
    }

    it('counts "Take medicines" as the days observed of the period', async () => {
      const take = async (start: string, end: string) =>
        (await meal.get(`activity-dashboard?start_date=${start}&end_date=${end}`)).json().data.take_medicines;
      assert.equal(await take('2026-07-01', '2026-09-30'), TAKE_MEDICINES.q3);
      assert.equal(await take('2026-10-01', '2026-11-20'), TAKE_MEDICINES.october_november);
    });
  });
}
