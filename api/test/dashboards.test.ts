import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { dashboardData, type DashboardData } from './dashboard-fixtures';
import { backends, useApp, type Client } from './helpers';

/**
 * Every dashboard group against the known data set of dashboard-fixtures.ts, with exact figures
 * counted by hand: the whole country, each quarter of 2024 by the figures' programme dates
 * (treatment start, training, the Yangon day of entry when there is no other), one township, a
 * Field Officer (their township only, whatever they ask for), trash left out.
 */
const Q1 = 'start_date=2024-01-01&end_date=2024-03-31';
const Q2 = 'start_date=2024-04-01&end_date=2024-06-30';
const Q3 = 'start_date=2024-07-01&end_date=2024-09-30';

const indicators = (...n: number[]) => Object.fromEntries(n.map((v, i) => [`indicator_${i + 1}`, v]));

for (const backend of await backends()) {
  describe(`dashboards on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let officer: Client;
    let d: DashboardData;
    const data = async (client: Client, url: string) => {
      const res = await client.get(`${url}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'success');
      return res.json().data;
    };

    before(async () => {
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      officer = await t.signInAs('Field Officer');
      d = await dashboardData(t);
    });

    it('volunteer-dashboard: profile of those who joined in the period (first training, else the day entered), reported and trained in it', async () => {
      assert.deepEqual(await data(meal, 'volunteer-dashboard'), {
        total_volunteers: 5,
        by_township: [
          { name: 'Hlaingthaya', counts: { volunteers: 2 } },
          { name: 'Insein', counts: { volunteers: 3 } },
        ],
        by_age: { less_18: 1, between_18_30: 3, greater_30: 1 },
        by_education_status: { primary: 1, secondary: 2, higher: 2 },
        // U Ba's patient is a no-app patient: boxes ticked by staff are not his report.
        reported_volunteers: 2,
        trained_volunteer: 3,
      });
      // Daw Aye joined at her training on 31 March; U Hla, never trained, on the day he was entered.
      const q1 = await data(meal, `volunteer-dashboard?${Q1}`);
      assert.equal(q1.total_volunteers, 2);
      assert.deepEqual(q1.by_age, { less_18: 1, between_18_30: 0, greater_30: 1 });
      assert.deepEqual([q1.reported_volunteers, q1.trained_volunteer], [1, 1]);
      // U Ba entered at 02:00 on 1 April in Yangon: the second quarter's.
      const q2 = await data(meal, `volunteer-dashboard?${Q2}`);
      assert.equal(q2.total_volunteers, 2);
      assert.deepEqual(q2.by_age, { less_18: 0, between_18_30: 2, greater_30: 0 });
      assert.deepEqual(q2.by_education_status, { primary: 0, secondary: 1, higher: 1 });
      assert.deepEqual([q2.reported_volunteers, q2.trained_volunteer], [2, 1]);
      // Ko Win, trained in August and entered in November, is the third quarter's.
      const q3 = await data(meal, `volunteer-dashboard?${Q3}`);
      assert.deepEqual([q3.total_volunteers, q3.trained_volunteer, q3.reported_volunteers], [1, 1, 0]);
      assert.deepEqual(q3.by_township, [{ name: 'Insein', counts: { volunteers: 1 } }]);
      const november = await data(meal, 'volunteer-dashboard?start_date=2024-11-01&end_date=2024-11-30');
      assert.equal(november.total_volunteers, 0);
      const insein = await data(meal, `volunteer-dashboard?township_id=${d.ins}`);
      assert.deepEqual([insein.total_volunteers, insein.reported_volunteers, insein.trained_volunteer], [3, 1, 2]);
    });

    it('patient-dashboard: patients by treatment start (else the day entered), pies of those who started treatment, each with its Not recorded slice', async () => {
      assert.deepEqual(await data(meal, 'patient-dashboard'), {
        total_patients: { total: 7, tb: 5, no_sp_code: 2 },
        case_founded_activities: { communities: 5 },
        started_treatment: 5,
        defined_TB_type: {
          Pulmonary_BC: 3,
          Extra_Pulmonary_BC: 0,
          Pulmonary_CD: 1,
          Extra_Pulmonary_CD: 0,
          Not_recorded: 1,
        },
        treatment_regimen: { MDR: 2, BPaL_BPaLM: 1, Individualised: 1, Other_regimen: 1, Not_recorded: 0 },
        TB_patients_outcome: {
          Cured: 1,
          Treatment_Complete: 1,
          Treatment_Failure: 0,
          Died: 1,
          Lost_to_Follow_up: 0,
          Not_Evaluated: 0,
          Move_To_second_line_Treatment: 0,
          Unable_to_continue_VOT: 0,
          // Two of the five have no outcome yet: the pie is of all five.
          Not_recorded: 2,
        },
        type_of_TB_patient: {
          New: 2,
          Releapse: 0,
          Treatment_after_failure: 1,
          Treatment_after_loss_to_follow_up: 0,
          Other_previously_treated: 0,
          Previous_treatment_history_unknown: 1,
          Not_recorded: 1,
        },
      });
      const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      const q1 = await data(meal, `patient-dashboard?${Q1}`);
      assert.deepEqual(q1.total_patients, { total: 2, tb: 2, no_sp_code: 0 });
      assert.equal(q1.started_treatment, 2);
      assert.deepEqual(q1.case_founded_activities, { communities: 5 });
      // P2 (entered 1 April in Yangon, no treatment start) and P7 (treatment from 1 April) are in.
      const q2 = await data(meal, `patient-dashboard?${Q2}`);
      assert.deepEqual(q2.total_patients, { total: 3, tb: 2, no_sp_code: 1 });
      assert.equal(q2.started_treatment, 2);
      assert.deepEqual(q2.defined_TB_type, {
        Pulmonary_BC: 1,
        Extra_Pulmonary_BC: 0,
        Pulmonary_CD: 0,
        Extra_Pulmonary_CD: 0,
        Not_recorded: 1,
      });
      assert.deepEqual(q2.case_founded_activities, { communities: 0 });
      // July–September: P8 started treatment in August though entered in November; P6 entered at 00:30 on 1 July.
      const q3 = await data(meal, `patient-dashboard?${Q3}`);
      assert.deepEqual(q3.total_patients, { total: 2, tb: 1, no_sp_code: 1 });
      assert.equal(q3.started_treatment, 1);
      assert.deepEqual(q3.treatment_regimen, {
        MDR: 0,
        BPaL_BPaLM: 1,
        Individualised: 0,
        Other_regimen: 0,
        Not_recorded: 0,
      });
      assert.equal(q3.TB_patients_outcome.Not_recorded, 1);
      for (const answer of [q1, q2, q3])
        for (const pie of ['defined_TB_type', 'treatment_regimen', 'TB_patients_outcome', 'type_of_TB_patient'])
          assert.equal(sum(answer[pie]), answer.started_treatment, pie);
      const november = await data(meal, 'patient-dashboard?start_date=2024-11-01&end_date=2024-11-30');
      assert.equal(november.total_patients.total, 0);
      const march = await data(meal, 'patient-dashboard?start_date=2024-03-31&end_date=2024-03-31');
      assert.equal(march.total_patients.total, 0);
    });

    it('dot-status-dashboard: the patients on treatment, by where they are in VOT, summing to them', async () => {
      assert.deepEqual(await data(meal, 'dot-status-dashboard'), {
        with_volunteers: 2,
        without_volunteers: 0,
        VOT_completed: 1,
        VOT_stopped: 1,
        No_DOTs: 1,
        awaiting_decision: 1,
      });
      assert.deepEqual(await data(meal, `dot-status-dashboard?${Q1}`), {
        with_volunteers: 1,
        without_volunteers: 0,
        VOT_completed: 0,
        VOT_stopped: 0,
        No_DOTs: 1,
        awaiting_decision: 0,
      });
      // P2 has no treatment start: its VOT start (5 April) places it.
      assert.deepEqual(await data(meal, `dot-status-dashboard?${Q2}`), {
        with_volunteers: 1,
        without_volunteers: 0,
        VOT_completed: 1,
        VOT_stopped: 1,
        No_DOTs: 0,
        awaiting_decision: 0,
      });
      // P8: treatment from August, entered in November, not yet screened for VOT.
      assert.deepEqual(await data(meal, `dot-status-dashboard?${Q3}`), {
        with_volunteers: 0,
        without_volunteers: 0,
        VOT_completed: 0,
        VOT_stopped: 0,
        No_DOTs: 0,
        awaiting_decision: 1,
      });
      assert.deepEqual(await data(meal, `dot-status-dashboard?township_id=${d.ins}`), {
        with_volunteers: 0,
        without_volunteers: 0,
        VOT_completed: 1,
        VOT_stopped: 0,
        No_DOTs: 1,
        awaiting_decision: 1,
      });
    });

    it("activity-dashboard: doses taken (days observed), community activities and the app's activity records of the period, by month", async () => {
      assert.deepEqual(await data(meal, 'activity-dashboard'), {
        // The trashed volunteer's health education is left out.
        hes: 3,
        hes_with_month: [
          { name: '2024-03', counts: { hes: 1 } },
          { name: '2024-04', counts: { hes: 2 } },
        ],
        // 16 records: P1 on 31 March (three records, one day) and 2 April, P2 on 6 April, P7's ticked
        // box on 10 April (not the box not achieved or the one not marked), P4 on 10 May.
        take_medicines: 5,
        take_medicines_with_month: [
          { name: '2024-03', counts: { take_medicines: 1 } },
          { name: '2024-04', counts: { take_medicines: 3 } },
          { name: '2024-05', counts: { take_medicines: 1 } },
        ],
        cts: 2,
        cts_with_month: [
          { name: '2024-04', counts: { cts: 1 } },
          { name: '2024-05', counts: { cts: 1 } },
        ],
        svs: 2,
        communities: 2,
        communities_with_month: [
          { name: '2024-03', counts: { communities: 1 } },
          { name: '2024-04', counts: { communities: 1 } },
        ],
      });
      // The visit on 31 March is the first quarter's.
      const q1 = await data(meal, `activity-dashboard?${Q1}`);
      assert.deepEqual([q1.take_medicines, q1.communities, q1.hes, q1.cts, q1.svs], [1, 1, 1, 0, 1]);
      const q2 = await data(meal, `activity-dashboard?${Q2}`);
      assert.deepEqual([q2.take_medicines, q2.communities, q2.hes, q2.cts, q2.svs], [4, 1, 2, 2, 1]);
      // A period that cuts months: 1–6 April (P1 on 2 April, P2 on 6 April).
      const days = await data(meal, 'activity-dashboard?start_date=2024-04-01&end_date=2024-04-06');
      assert.deepEqual(days.take_medicines_with_month, [{ name: '2024-04', counts: { take_medicines: 2 } }]);
      const mid = await data(meal, 'activity-dashboard?start_date=2024-03-31&end_date=2024-04-09');
      assert.equal(mid.take_medicines, 3);
      const insein = await data(meal, `activity-dashboard?township_id=${d.ins}`);
      assert.deepEqual([insein.take_medicines, insein.hes, insein.cts, insein.svs], [1, 1, 1, 1]);
    });

    it("volunteer-report-dashboard: the seven indicators count the volunteer's own work", async () => {
      assert.deepEqual(await data(meal, 'volunteer-report-dashboard'), {
        // Distinct patients: P1 (March and April) once, P4 once; U Ba's no-app patient not (staff tick the boxes).
        // Late: Daw Aye's own late visit, not the patient's late video or the supervisor's late visit.
        total_result: indicators(2, 4, 2, 1, 2, 5, 3),
        total_with_township_result: [
          { name: 'Hlaingthaya', counts: indicators(1, 3, 1, 1, 1, 5, 1) },
          { name: 'Insein', counts: indicators(1, 1, 1, 0, 1, 0, 2) },
        ],
        total_with_month_year_result: [
          { name: '2024-03', counts: indicators(1, 2, 0, 0, 1, 5, 1) },
          { name: '2024-04', counts: indicators(1, 1, 1, 1, 1, 0, 1) },
          { name: '2024-05', counts: indicators(1, 1, 1, 0, 0, 0, 0) },
          { name: '2024-08', counts: indicators(0, 0, 0, 0, 0, 0, 1) },
        ],
      });
      const march = await data(
        meal,
        `volunteer-report-dashboard?volunteer_id=${d.v1}&start_date=2024-03-01&end_date=2024-03-31`,
      );
      assert.deepEqual(march.total_result, indicators(1, 2, 0, 0, 1, 5, 1));
      const april = await data(
        meal,
        `volunteer-report-dashboard?volunteer_id=${d.v1}&start_date=2024-04-01&end_date=2024-04-30`,
      );
      assert.deepEqual(april.total_result, indicators(1, 1, 1, 1, 0, 0, 0));
      // Days of records outside whole months are read with the same rule: 31 March to 2 April.
      const days = await data(
        meal,
        `volunteer-report-dashboard?volunteer_id=${d.v1}&start_date=2024-03-31&end_date=2024-04-02`,
      );
      assert.deepEqual(days.total_result, indicators(1, 3, 1, 1, 1, 5, 1));
      const uBa = await data(meal, `volunteer-report-dashboard?volunteer_id=${d.v2}`);
      assert.deepEqual(uBa.total_result, indicators(0, 0, 0, 0, 0, 0, 0));
      const trashed = await data(meal, `volunteer-report-dashboard?volunteer_id=${d.trashed}`);
      assert.deepEqual(trashed.total_result, indicators(0, 0, 0, 0, 0, 0, 0));
    });

    it("gives a Field Officer their townships' figures only, whatever township they ask for", async () => {
      const volunteersOfficer = await data(officer, 'volunteer-dashboard');
      assert.equal(volunteersOfficer.total_volunteers, 2);
      assert.deepEqual(volunteersOfficer.by_township, [{ name: 'Hlaingthaya', counts: { volunteers: 2 } }]);
      assert.deepEqual([volunteersOfficer.reported_volunteers, volunteersOfficer.trained_volunteer], [1, 1]);
      assert.deepEqual((await data(officer, 'patient-dashboard')).total_patients, { total: 3, tb: 2, no_sp_code: 1 });
      assert.deepEqual(await data(officer, 'dot-status-dashboard'), {
        with_volunteers: 2,
        without_volunteers: 0,
        VOT_completed: 0,
        VOT_stopped: 1,
        No_DOTs: 0,
        awaiting_decision: 0,
      });
      const activity = await data(officer, 'activity-dashboard');
      assert.deepEqual(
        [activity.take_medicines, activity.communities, activity.hes, activity.cts, activity.svs],
        [4, 1, 2, 1, 1],
      );
      const report = await data(officer, 'volunteer-report-dashboard');
      assert.deepEqual(report.total_result, indicators(1, 3, 1, 1, 1, 5, 1));
      assert.deepEqual(
        report.total_with_township_result.map((r: { name: string }) => r.name),
        ['Hlaingthaya'],
      );
      // Insein is outside their scope: nothing of it, not an error that says it exists.
      assert.deepEqual(await data(officer, `dot-status-dashboard?township_id=${d.ins}`), {
        with_volunteers: 0,
        without_volunteers: 0,
        VOT_completed: 0,
        VOT_stopped: 0,
        No_DOTs: 0,
        awaiting_decision: 0,
      });
      assert.equal((await data(officer, `volunteer-dashboard?township_id=${d.ins}`)).total_volunteers, 0);
    });

    it('refuses bad filters with the field and its message', async () => {
      const bad = await meal.get('patient-dashboard?township_id=abc');
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, { township_id: ['Township is not valid!'] });
      const reversed = await meal.get('volunteer-dashboard?start_date=2024-04-01&end_date=2024-03-01');
      assert.equal(reversed.statusCode, 400);
      assert.deepEqual(reversed.json().errors, { end_date: ['End Date must not be before Start Date!'] });
      const volunteer = await meal.get('volunteer-report-dashboard?volunteer_id=0');
      assert.deepEqual(volunteer.json().errors, { volunteer_id: ['Volunteer is not valid!'] });
    });
  });
}
