import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type {
  DotStatusDashboard,
  PatientDashboard,
  VolunteerDashboard,
  VolunteerReportDashboard,
} from '@vot/shared/schemas';
import { goldenData } from './golden-data';
import { backends, useApp, type Client } from './helpers';

/**
 * The dashboards of the golden data set (./golden-data.ts, Hlaingthaya), for the periods from 1 July
 * 2026 to the golden set's three days (30 September, the end of FY26Q3; 15 October; 20 November),
 * each figure computed by hand from the data's story and written here (docs/figures.md defines them).
 */
const ENDS = ['2026-09-30', '2026-10-15', '2026-11-20'] as const;
type End = (typeof ENDS)[number];

const outcomes = (cured: number, notRecorded: number) => ({
  Cured: cured,
  Treatment_Complete: 0,
  Treatment_Failure: 0,
  Died: 0,
  Lost_to_Follow_up: 0,
  Not_Evaluated: 0,
  Move_To_second_line_Treatment: 0,
  Unable_to_continue_VOT: 0,
  Not_recorded: notRecorded,
});

/**
 * Patients by treatment start: to 30 September and 15 October P1 (15 Sep), P2 (3 Jul), P3 (20 Jul),
 * P5 (8 Jul), P6 (25 Jul), P7 (20 Aug); P4 (18 Oct) from 20 November. SP codes: P1, P3, P5, P4.
 * Referred: V1's 3 on 5 September, V2's 4 on 20 October (Insein's 10 are another township's).
 */
const PATIENT: Record<End, PatientDashboard> = {
  '2026-09-30': {
    total_patients: { total: 6, tb: 3, no_sp_code: 3 },
    case_founded_activities: { communities: 3 },
    started_treatment: 6,
    // Pulmonary BC: P1, P5, P6, P7; extra-pulmonary CD: P2; none: P3.
    defined_TB_type: {
      Pulmonary_BC: 4,
      Extra_Pulmonary_BC: 0,
      Pulmonary_CD: 0,
      Extra_Pulmonary_CD: 1,
      Not_recorded: 1,
    },
    // Standardised: P1, P5 (LTR), P7 (OSSTR); BPaL: P2; individualised: P3, P6.
    treatment_regimen: { MDR: 3, BPaL_BPaLM: 1, Individualised: 2, Other_regimen: 0, Not_recorded: 0 },
    // Cured: P5; the five others still on treatment or without an outcome.
    TB_patients_outcome: outcomes(1, 5),
    // New: P1, P5; relapse: P2; unknown: P6; none: P3, P7.
    type_of_TB_patient: {
      New: 2,
      Releapse: 1,
      Treatment_after_failure: 0,
      Treatment_after_loss_to_follow_up: 0,
      Other_previously_treated: 0,
      Previous_treatment_history_unknown: 1,
      Not_recorded: 2,
    },
  },
  '2026-10-15': undefined as never,
  '2026-11-20': {
    total_patients: { total: 7, tb: 4, no_sp_code: 3 },
    case_founded_activities: { communities: 7 },
    started_treatment: 7,
    defined_TB_type: {
      Pulmonary_BC: 4,
      Extra_Pulmonary_BC: 0,
      Pulmonary_CD: 1,
      Extra_Pulmonary_CD: 1,
      Not_recorded: 1,
    },
    treatment_regimen: { MDR: 3, BPaL_BPaLM: 2, Individualised: 2, Other_regimen: 0, Not_recorded: 0 },
    TB_patients_outcome: outcomes(1, 6),
    type_of_TB_patient: {
      New: 3,
      Releapse: 1,
      Treatment_after_failure: 0,
      Treatment_after_loss_to_follow_up: 0,
      Other_previously_treated: 0,
      Previous_treatment_history_unknown: 1,
      Not_recorded: 2,
    },
  },
};
// 15 October: the same patients and referrals as 30 September (P4 and V2's activity come later).
PATIENT['2026-10-15'] = PATIENT['2026-09-30'];

/**
 * Where the period's patients are in VOT today: P1 on VOT with V1; P4 (from 20 November) on VOT
 * without a volunteer; P5 completed (cured); P6 stopped; P2 declined; P3 (eligible since 10 October,
 * no VOT Accept answer) and P7 (no decision) awaiting a decision.
 */
const VOT_STATUS: Record<End, DotStatusDashboard> = {
  '2026-09-30': {
    with_volunteers: 1,
    without_volunteers: 0,
    VOT_completed: 1,
    VOT_stopped: 1,
    No_DOTs: 1,
    awaiting_decision: 2,
  },
  '2026-10-15': undefined as never,
  '2026-11-20': {
    with_volunteers: 1,
    without_volunteers: 1,
    VOT_completed: 1,
    VOT_stopped: 1,
    No_DOTs: 1,
    awaiting_decision: 2,
  },
};
VOT_STATUS['2026-10-15'] = VOT_STATUS['2026-09-30'];

/**
 * Volunteers who joined (first training): V1 on 10 August, V2 (17, primary) on 12 October. Reported:
 * V1 (visits from 21 September, activity 5 September), V2 (activity 20 October). Trained in the
 * period: V1 (10 August; 5 October), V2 (12 October). The trashed and Insein volunteers count nowhere.
 */
const VOLUNTEER: Record<End, Omit<VolunteerDashboard, 'by_township'> & { hlaingthaya: number }> = {
  '2026-09-30': {
    total_volunteers: 1,
    hlaingthaya: 1,
    by_age: { less_18: 0, between_18_30: 1, greater_30: 0 },
    by_education_status: { primary: 0, secondary: 1, higher: 0 },
    reported_volunteers: 1,
    trained_volunteer: 1,
  },
  '2026-10-15': {
    total_volunteers: 2,
    hlaingthaya: 2,
    by_age: { less_18: 1, between_18_30: 1, greater_30: 0 },
    by_education_status: { primary: 1, secondary: 1, higher: 0 },
    reported_volunteers: 1,
    trained_volunteer: 2,
  },
  '2026-11-20': {
    total_volunteers: 2,
    hlaingthaya: 2,
    by_age: { less_18: 1, between_18_30: 1, greater_30: 0 },
    by_education_status: { primary: 1, secondary: 1, higher: 0 },
    reported_volunteers: 2,
    trained_volunteer: 2,
  },
};

/**
 * The monthly volunteer indicators of the township's volunteers. V1's own visits and video reviews
 * of P1: taken 21 and 22 September and 1–10 October; not taken 23 September (video review) and 28
 * September (own visit, sent late). The patient's videos (23, 27), the supervisor's visit (24) and
 * the staff record (25) are not the volunteer's work, though filed under V1's entry. Activities:
 * V1's on 5 September (3 referred), V2's on 20 October (4). Trainings: V1 10 August and 5 October,
 * V2 12 October.
 */
const INDICATORS: Record<End, VolunteerReportDashboard['total_result']> = {
  '2026-09-30': {
    indicator_1: 1,
    indicator_2: 2,
    indicator_3: 2,
    indicator_4: 1,
    indicator_5: 1,
    indicator_6: 3,
    indicator_7: 1,
  },
  '2026-10-15': {
    indicator_1: 1,
    indicator_2: 12,
    indicator_3: 2,
    indicator_4: 1,
    indicator_5: 1,
    indicator_6: 3,
    indicator_7: 3,
  },
  '2026-11-20': {
    indicator_1: 1,
    indicator_2: 12,
    indicator_3: 2,
    indicator_4: 1,
    indicator_5: 2,
    indicator_6: 7,
    indicator_7: 3,
  },
};

for (const backend of await backends()) {
  describe(`Golden dashboards of Hlaingthaya on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let hty: number;

    before(async () => {
      ({
        places: { hty },
      } = await goldenData(t.handle.db));
      meal = await t.signInAs('MEAL and Digital Tool Officer');
    });

    const data = async <T>(call: string, end: End): Promise<T> => {
      const res = await meal.get(`${call}?township_id=${hty}&start_date=2026-07-01&end_date=${end}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as T;
    };

    for (const end of ENDS) {
      it(`Patient Dashboard, 1 July – ${end}`, async () => {
        assert.deepEqual(await data<PatientDashboard>('patient-dashboard', end), PATIENT[end]);
      });

      it(`VOT Status Dashboard, 1 July – ${end}`, async () => {
        assert.deepEqual(await data<DotStatusDashboard>('dot-status-dashboard', end), VOT_STATUS[end]);
      });

      it(`Volunteer Dashboard, 1 July – ${end}`, async () => {
        const { by_township, ...rest } = await data<VolunteerDashboard>('volunteer-dashboard', end);
        const { hlaingthaya, ...expected } = VOLUNTEER[end];
        assert.deepEqual(rest, expected);
        assert.deepEqual(by_township, [{ name: 'Hlaingthaya', counts: { volunteers: hlaingthaya } }]);
      });

      it(`monthly volunteer indicators, 1 July – ${end}`, async () => {
        const report = await data<VolunteerReportDashboard>('volunteer-report-dashboard', end);
        assert.deepEqual(report.total_result, INDICATORS[end]);
      });
    }
  });
}
