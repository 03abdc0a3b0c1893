import {
  communities,
  communityReferrals,
  changeVolunteers,
  contactTracings,
  dots,
  healthEducations,
  patients,
  supervisionVisits,
  trainings,
  volunteers,
} from '../src/db/schema';
import { refreshLedgers } from '../src/ledger';
import { assignTownships, createTownships } from './fixtures';
import type { TestApp } from './helpers';

/**
 * The known data set of the dashboard tests (api/test/dashboards.test.ts), written straight to the
 * database with the moments that matter: two townships (the Field Officer works in Hlaingthaya
 * only), three quarters of 2024, a volunteer and a patient in the trash, a registration at 02:00 on
 * 1 April in Yangon (still 31 March in UTC) and one at 00:30 on 1 July, and visits, a training and a
 * community activity on 31 March, the last day of a month and of a quarter. Programme dates apart
 * from the day of typing: a patient who started treatment in August and a volunteer trained in
 * August, both entered in November. Records that are not a volunteer's work (a patient's own video,
 * a supervisor's visit, staff records, no-app boxes) and a day with two records.
 */
export interface DashboardData {
  hty: number;
  ins: number;
  v1: number;
  v2: number;
  v3: number;
  v4: number;
  v5: number;
  trashed: number;
}

/** 02:00 on 1 April in Yangon (UTC+06:30) is 19:30 on 31 March in UTC. */
export const APRIL_FIRST_YANGON = new Date('2024-03-31T19:30:00Z');

let serial = 0;

export async function dashboardData(t: TestApp): Promise<DashboardData> {
  const db = t.handle.db;
  const { hty, ins } = await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' });
  await assignTownships(t, 'Field Officer', [hty]);

  const volunteer = (
    name: string,
    township: number,
    age: number,
    education_status: string,
    created_at: Date,
    status = 1,
  ) => ({
    name,
    gender: 'Female',
    age,
    address: 'Ward 1',
    phone1: '0942000000',
    code: `DASH-V${++serial}`,
    password_hash: 'x',
    both_mdr_and_picts: 1,
    education_status,
    occupation: 'CHW',
    township_id: status ? township : null,
    recover_township_id: status ? null : township,
    status,
    created_at,
  });
  const [v1, v2, v3, v4, v5, trashed] = await db
    .insert(volunteers)
    .values([
      volunteer('Daw Aye', hty, 17, 'Primary', new Date('2024-02-10T05:00:00Z')),
      volunteer('U Ba', hty, 18, 'Secondary', APRIL_FIRST_YANGON),
      volunteer('Daw Mya', ins, 30, 'Higher', new Date('2024-05-01T05:00:00Z')),
      volunteer('U Hla', ins, 31, 'Secondary', new Date('2024-01-15T05:00:00Z')),
      // Trained in August, entered in November.
      volunteer('Ko Win', ins, 25, 'Higher', new Date('2024-11-10T05:00:00Z')),
      volunteer('Daw Trash', hty, 40, 'Higher', new Date('2024-01-05T05:00:00Z'), 0),
    ])
    .returning({ id: volunteers.id });

  await db.insert(trainings).values([
    { volunteer_id: v1!.id, date: '2024-03-31', type: 'New' },
    { volunteer_id: v3!.id, date: '2024-04-10', type: 'Refresher' },
    { volunteer_id: v5!.id, date: '2024-08-20', type: 'New' },
    { volunteer_id: trashed!.id, date: '2024-02-01', type: 'New' },
  ]);

  const patient = (
    name: string,
    township: number,
    created_at: Date,
    fields: Partial<typeof patients.$inferInsert>,
  ) => ({
    year: 2024,
    township_id: township,
    code: `DASH-P${++serial}`,
    password_hash: 'x',
    name,
    age: 40,
    sex: 'Female',
    treatment_regimen: '1. LTR',
    patient_address: 'Ward 3',
    patient_phone_no: '0942123456',
    contact_info: 'Son',
    contact_phone_no: '0942123',
    primary_language: 'Burmese',
    height: 160,
    weight: 55,
    BMI: 21.5,
    created_at,
    ...fields,
  });
  const onVot = (start: string, volunteer_id: number | null) => ({
    VOT_eligible: 'Yes',
    VOT_accept: 'Yes',
    DOT_start_date: start,
    pure_or_hybrid: 'Pure',
    volunteer_id,
  });
  const [p1, p2, , p4, , p5, p7] = await db
    .insert(patients)
    .values([
      patient('P1', hty, new Date('2024-01-10T05:00:00Z'), {
        SP_code: 'SP-1',
        treatment_start_date: '2024-01-15',
        defined_TB_type: 'Pulmonary BC',
        treatment_regimen: '1. LTR',
        treatment_outcome: 'Cured',
        type_of_TB_patient: 'New',
        ...onVot('2024-01-20', v1!.id),
      }),
      patient('P2', hty, APRIL_FIRST_YANGON, {
        defined_TB_type: 'Extra Pulmonary CD',
        treatment_regimen: '4. BPal',
        type_of_TB_patient: 'Releapse',
        ...onVot('2024-04-05', null),
        // No treatment start recorded; VOT stopped.
        DOT_end_date: '2024-04-30',
        VDOT_end_date: '2024-04-30',
        VDOT_end_type: 'Unable to continue VOT',
      }),
      patient('P3', ins, new Date('2024-02-20T05:00:00Z'), {
        SP_code: 'SP-3',
        treatment_start_date: '2024-02-25',
        defined_TB_type: 'Pulmonary CD',
        treatment_regimen: '9. Other',
        treatment_regimen_other: 'Trial',
        treatment_outcome: 'Died',
        type_of_TB_patient: 'failure',
        VOT_eligible: 'No',
        VOT_not_eligible_reason: 'Adherence issues',
      }),
      patient('P4', ins, new Date('2024-05-05T05:00:00Z'), {
        SP_code: 'SP-4',
        treatment_start_date: '2024-05-08',
        defined_TB_type: 'Pulmonary BC',
        treatment_regimen: '2. OSSTR',
        treatment_outcome: 'Treatment Complete',
        type_of_TB_patient: 'unknown',
        ...onVot('2024-05-10', v3!.id),
        // VOT completed.
        DOT_end_date: '2024-05-31',
        VDOT_end_date: '2024-05-31',
        VDOT_end_type: 'Treatment Complete',
      }),
      // 00:30 on 1 July in Yangon: the third quarter's, though 30 June in UTC.
      patient('P6', ins, new Date('2024-06-30T18:00:00Z'), {
        treatment_regimen: '6. individualized MDR',
        VOT_eligible: 'Yes',
        VOT_accept: 'No',
        VOT_not_accept_reason: 'Privacy concern',
      }),
      patient('P5 in trash', hty, new Date('2024-01-05T05:00:00Z'), {
        SP_code: 'SP-5',
        defined_TB_type: 'Pulmonary BC',
        status: 0,
        township_id: null,
        recover_township_id: hty,
      }),
      // A no-app patient of U Ba's; the TB conclusion's groups not recorded.
      patient('P7', hty, new Date('2024-04-09T05:00:00Z'), {
        SP_code: 'SP-7',
        treatment_start_date: '2024-04-01',
        treatment_regimen: '8. XDR',
        ...onVot('2024-04-10', v2!.id),
      }),
      // Started treatment in August, entered in November; no VOT decision yet.
      patient('P8', ins, new Date('2024-11-20T05:00:00Z'), {
        SP_code: 'SP-8',
        treatment_start_date: '2024-08-15',
        defined_TB_type: 'Pulmonary BC',
        treatment_regimen: '5. BPalM',
        type_of_TB_patient: 'New',
      }),
    ])
    .returning({ id: patients.id });

  const [cv1, cv4, cv7] = await db
    .insert(changeVolunteers)
    .values([
      {
        patient_id: p1!.id,
        change_date: '2024-01-20',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: v1!.id,
        type: 'App',
      },
      {
        patient_id: p4!.id,
        change_date: '2024-05-10',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: v3!.id,
        type: 'App',
      },
      {
        patient_id: p7!.id,
        change_date: '2024-04-10',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: v2!.id,
        type: 'No App',
      },
    ])
    .returning({ id: changeVolunteers.id });
  const visit = (
    patient_id: number,
    change_volunteer_id: number | null,
    date: string,
    work_status: boolean | null,
    late_remark: string | null = null,
    made: { work: number; created: string } = { work: change_volunteer_id ? 2 : 6, created: 'app' },
  ) => ({
    uuid: `dash-${++serial}`,
    patient_id,
    change_volunteer_id,
    date,
    work_status,
    late_remark,
    ...made,
  });
  const noApp = { work: 5, created: 'no-app' };
  await db.insert(dots).values([
    visit(p1!.id, cv1!.id, '2024-03-31', true),
    // A second record of the day (an own visit), and a supervisor's visit sent late: one dose, one volunteer's record more.
    visit(p1!.id, cv1!.id, '2024-03-31', true, null, { work: 1, created: 'app' }),
    visit(p1!.id, cv1!.id, '2024-03-31', null, 'Sent the next week', { work: 4, created: 'app' }),
    visit(p1!.id, cv1!.id, '2024-04-01', false, 'Network down'),
    visit(p1!.id, cv1!.id, '2024-04-02', true),
    // The patient's own video, sent late, and a staff record of the same day: not the volunteer's work.
    visit(p1!.id, cv1!.id, '2024-04-02', null, 'Sent two days late', { work: 3, created: 'app' }),
    visit(p1!.id, cv1!.id, '2024-04-02', null, null, { work: 5, created: 'dashboard' }),
    visit(p4!.id, cv4!.id, '2024-05-10', true),
    visit(p4!.id, cv4!.id, '2024-05-11', false),
    visit(p2!.id, null, '2024-04-06', true),
    visit(p5!.id, null, '2024-01-06', true),
    // No-app boxes ticked by staff: taken, not achieved, not yet marked.
    visit(p7!.id, cv7!.id, '2024-04-10', true, null, noApp),
    visit(p7!.id, cv7!.id, '2024-04-11', false, null, noApp),
    visit(p7!.id, cv7!.id, '2024-04-12', null, null, noApp),
  ]);
  await refreshLedgers(db, [p1!.id, p2!.id, p4!.id, p7!.id]);

  const [c1, , c3] = await db
    .insert(communities)
    .values([
      { volunteer_id: v1!.id, date: '2024-03-31', referral: 1 },
      { volunteer_id: v3!.id, date: '2024-04-15', referral: 0 },
      { volunteer_id: trashed!.id, date: '2024-02-02', referral: 1 },
    ])
    .returning({ id: communities.id });
  await db.insert(communityReferrals).values([
    { community_id: c1!.id, place: 'Township Hospital', male: 2, female: 1, total: 3 },
    { community_id: c1!.id, place: 'Station Hospital', male: 1, female: 1, total: 2 },
    { community_id: c3!.id, place: 'Township Hospital', male: 2, female: 2, total: 4 },
  ]);
  // The phone app's activity records: counted where they happened (their township), by an active volunteer.
  let uuid = 0;
  const activity = (volunteer_id: number, township_id: number, date: string) => ({
    uuid: `dash-${++uuid}`,
    volunteer_id,
    township_id,
    date,
  });
  await db.insert(healthEducations).values([
    {
      ...activity(v1!.id, hty, '2024-03-30'),
      place: 'Ward 3 monastery',
      topic: 'TB symptoms',
      male: 4,
      female: 6,
      total: 10,
      referred: 2,
    },
    {
      ...activity(v1!.id, hty, '2024-04-10'),
      place: 'Market',
      topic: 'Treatment',
      male: 3,
      female: 3,
      total: 6,
      referred: 0,
    },
    {
      ...activity(v3!.id, ins, '2024-04-11'),
      place: 'School',
      topic: 'TB symptoms',
      male: 5,
      female: 5,
      total: 10,
      referred: 1,
    },
    {
      ...activity(trashed!.id, hty, '2024-04-12'),
      place: 'Ward 1',
      topic: 'TB symptoms',
      male: 1,
      female: 1,
      total: 2,
      referred: 0,
    },
  ]);
  await db.insert(contactTracings).values([
    {
      ...activity(v1!.id, hty, '2024-04-03'),
      patient_id: p1!.id,
      contacts_total: 4,
      contacts_screened: 4,
      presumptive_found: 1,
      referred: 1,
      tpt_started: 2,
    },
    {
      ...activity(v3!.id, ins, '2024-05-06'),
      patient_id: p4!.id,
      contacts_total: 2,
      contacts_screened: 2,
      presumptive_found: 0,
      referred: 0,
      tpt_started: 1,
    },
  ]);
  await db.insert(supervisionVisits).values([
    { ...activity(v1!.id, hty, '2024-03-29'), supervisor_name: 'Daw Su', patients_visited: 2, records_checked: true },
    { ...activity(v3!.id, ins, '2024-05-20'), supervisor_name: 'U Min', patients_visited: 1, records_checked: false },
  ]);
  return { hty, ins, v1: v1!.id, v2: v2!.id, v3: v3!.id, v4: v4!.id, v5: v5!.id, trashed: trashed!.id };
}
