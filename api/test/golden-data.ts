import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expandDateRange } from '@vot/shared/domain';
import type { Database } from '../src/db/client';
import {
  changeVolunteers,
  communities,
  communityReferrals,
  dots,
  patients,
  trainings,
  volunteers,
} from '../src/db/schema';
import { refreshAllLedgers } from '../src/ledger';
import { patientRow, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * The golden data set of Hlaingthaya (test/golden-figures.test.ts, test/golden-dashboards.test.ts):
 * patients, decisions, dose records, volunteers, trainings and community activities, written straight
 * to the database with their programme dates. Every patient's cohort is FY26Q3; the figures are
 * computed by hand in the test files, never by the code under test.
 *
 * P1 (man, 40, SP code): treatment from 15 September, pulmonary BC, 1. LTR, new; eligible and
 *   accepted 1 July, VOT from 21 September with volunteer V1 (App). 21 own visit; 22 video review
 *   taken; 23 patient's video reviewed not taken; 24 supervisor's visit only (no dose); 25 staff
 *   record "taken"; 26 patient's record whose video never arrived (no evidence); 27 patient's
 *   video never reviewed (sent late); 28 own visit not taken (sent late); 1–10 October own visits.
 *   All filed under V1's entry.
 * P2 (girl, 12, no SP code): treatment from 3 July, extra-pulmonary CD, 4. BPal, relapse; eligible 5
 *   July, declined VOT (family) on 2 October.
 * P3 (woman, 30, SP code): treatment from 20 July, 6. individualized MDR, no TB type or history
 *   recorded; not eligible, decided 1 August, then found eligible on 10 October (no VOT Accept
 *   answer yet): a decision changed later, whose earlier answer a past day's report counts.
 * P4 (man, 50, SP code): treatment from 18 October, pulmonary CD, 5. BPalM, new; screened, eligible
 *   and accepted on 20 October, VOT from 21 October without a volunteer; own visits every day to 19
 *   November but 1–5 November.
 * P5 (woman, 45, SP code): treatment from 8 July, pulmonary BC, 1. LTR, new; VOT 10 July – 15
 *   September, an own visit every day; cured 15 September.
 * P6 (man, 35, no SP code): treatment from 25 July, pulmonary BC, 8. XDR, history unknown; VOT from 1
 *   August, no record; stopped ("Damage/losing phone") on 10 October.
 * P7 (woman, 28, no SP code): treatment from 20 August, pulmonary BC, 2. OSSTR; no VOT decision.
 * V1 (Daw Aye, 30, secondary): trained 10 August (New) and 5 October (Refresher); a community
 *   activity on 5 September referring 2 men and 1 woman.
 * V2 (U Ba, made 17, primary): trained 12 October (New); a community activity on 20 October
 *   referring 1 man and 3 women.
 * A volunteer in the trash trained 15 August, and an Insein volunteer trained 12 August with a
 *   community activity on 6 September: in no figure of Hlaingthaya.
 */
export interface GoldenData {
  places: VotPlaces;
  /** Patient ids by label (P1 … P7). */
  ids: Record<string, number>;
}

export async function goldenData(db: Database): Promise<GoldenData> {
  const places = await votPlaces(db);
  const { hty } = places;
  const ids: Record<string, number> = {};
  const patient = async (label: string, values: Partial<typeof patients.$inferInsert>) => {
    const [row] = await db
      .insert(patients)
      .values(patientRow(`G-${label}`, { township_id: hty, report_period: 'FY26Q3', ...values }))
      .returning({ id: patients.id });
    ids[label] = row!.id;
    return row!.id;
  };
  const decided = (eligible: string, accept: string | null = null) => ({
    VOT_eligible: 'Yes',
    VOT_eligible_date: eligible,
    ...(accept ? { VOT_accept: 'Yes', VOT_accept_date: accept } : {}),
  });
  const records: (typeof dots.$inferInsert)[] = [];
  const record = (
    patient_id: number,
    date: string,
    work: number,
    work_status: boolean | null,
    { entry = null as number | null, late = null as string | null, videoAwaited = false } = {},
  ) =>
    records.push({
      video_awaited: videoAwaited,
      uuid: randomUUID(),
      patient_id,
      change_volunteer_id: entry,
      date,
      work,
      work_status,
      late_remark: late,
      created: work >= 5 ? 'dashboard' : 'app',
    });
  const tb = (treatment_start_date: string, values: Partial<typeof patients.$inferInsert>) => ({
    treatment_start_date,
    ...values,
  });

  const v1 = places.volunteer1;
  const v2 = places.volunteer2;
  await db.update(volunteers).set({ age: 17, education_status: 'Primary' }).where(eq(volunteers.id, v2));

  const p1 = await patient('P1', {
    age: 40,
    SP_code: 'G-SP-1',
    ...tb('2026-09-15', { defined_TB_type: 'Pulmonary BC', treatment_regimen: '1. LTR', type_of_TB_patient: 'New' }),
    ...decided('2026-07-01', '2026-07-01'),
    DOT_start_date: '2026-09-21',
    pure_or_hybrid: 'Pure',
    type: 'App',
    volunteer_id: v1,
  });
  const [entry] = await db
    .insert(changeVolunteers)
    .values({
      patient_id: p1,
      change_date: '2026-09-21',
      pure_or_hybrid: 'Pure',
      with_volunteer: 'Yes',
      volunteer_id: v1,
      type: 'App',
    })
    .returning({ id: changeVolunteers.id });
  const byV1 = { entry: entry!.id };
  record(p1, '2026-09-21', 1, true, byV1);
  record(p1, '2026-09-22', 2, true, byV1);
  record(p1, '2026-09-23', 3, null, byV1);
  record(p1, '2026-09-23', 2, false, byV1);
  record(p1, '2026-09-24', 4, true, byV1);
  record(p1, '2026-09-25', 5, true, byV1);
  record(p1, '2026-09-26', 3, null, { ...byV1, videoAwaited: true });
  record(p1, '2026-09-27', 3, null, { ...byV1, late: 'Sent two days late' });
  record(p1, '2026-09-28', 1, false, { ...byV1, late: 'No network' });
  for (const day of expandDateRange('2026-10-01', '2026-10-10')) record(p1, day, 1, true, byV1);
  await patient('P2', {
    sex: 'Female',
    age: 12,
    ...tb('2026-07-03', {
      defined_TB_type: 'Extra Pulmonary CD',
      treatment_regimen: '4. BPal',
      type_of_TB_patient: 'Releapse',
    }),
    ...decided('2026-07-05'),
    VOT_accept: 'No',
    VOT_accept_date: '2026-10-02',
    VOT_not_accept_reason: 'Family does not agree',
  });
  const p3 = await patient('P3', {
    sex: 'Female',
    age: 30,
    SP_code: 'G-SP-3',
    ...tb('2026-07-20', { treatment_regimen: '6. individualized MDR' }),
    VOT_eligible: 'No',
    VOT_eligible_date: '2026-08-01',
    VOT_not_eligible_reason: 'Adherence issues',
  });
  await db
    .update(patients)
    .set({ VOT_eligible: 'Yes', VOT_eligible_date: '2026-10-10', VOT_not_eligible_reason: null })
    .where(eq(patients.id, p3));
  const p4 = await patient('P4', {
    age: 50,
    SP_code: 'G-SP-4',
    ...tb('2026-10-18', { defined_TB_type: 'Pulmonary CD', treatment_regimen: '5. BPalM', type_of_TB_patient: 'New' }),
    ...decided('2026-10-20', '2026-10-20'),
    DOT_start_date: '2026-10-21',
  });
  for (const day of expandDateRange('2026-10-21', '2026-11-19'))
    if (day < '2026-11-01' || day > '2026-11-05') record(p4, day, 1, true);
  const p5 = await patient('P5', {
    sex: 'Female',
    age: 45,
    SP_code: 'G-SP-5',
    ...tb('2026-07-08', {
      defined_TB_type: 'Pulmonary BC',
      treatment_regimen: '1. LTR',
      type_of_TB_patient: 'New',
      treatment_outcome: 'Cured',
    }),
    ...decided('2026-07-01', '2026-07-01'),
    DOT_start_date: '2026-07-10',
    DOT_end_date: '2026-09-15',
    VDOT_end_date: '2026-09-15',
    VDOT_end_type: 'Cured',
  });
  for (const day of expandDateRange('2026-07-10', '2026-09-15')) record(p5, day, 1, true);
  await patient('P6', {
    age: 35,
    ...tb('2026-07-25', {
      defined_TB_type: 'Pulmonary BC',
      treatment_regimen: '8. XDR',
      type_of_TB_patient: 'unknown',
    }),
    ...decided('2026-07-01', '2026-07-01'),
    DOT_start_date: '2026-08-01',
    DOT_end_date: '2026-10-10',
    VDOT_end_date: '2026-10-10',
    VDOT_end_type: 'Unable to continue VOT',
    VDOT_stop_reason: 'Damage/losing phone',
  });
  await patient('P7', {
    sex: 'Female',
    age: 28,
    ...tb('2026-08-20', { defined_TB_type: 'Pulmonary BC', treatment_regimen: '2. OSSTR' }),
  });
  await db.insert(dots).values(records);
  await refreshAllLedgers(db);

  await db.insert(trainings).values([
    { volunteer_id: v1, date: '2026-08-10', type: 'New' },
    { volunteer_id: v1, date: '2026-10-05', type: 'Refresher' },
    { volunteer_id: v2, date: '2026-10-12', type: 'New' },
    { volunteer_id: places.trashedVolunteer, date: '2026-08-15', type: 'New' },
    { volunteer_id: places.inseinVolunteer, date: '2026-08-12', type: 'New' },
  ]);
  const activity = async (volunteer_id: number, date: string, male: number, female: number) => {
    const [c] = await db
      .insert(communities)
      .values({ volunteer_id, date, referral: male + female })
      .returning({ id: communities.id });
    await db
      .insert(communityReferrals)
      .values({ community_id: c!.id, place: 'Ward 1', male, female, total: male + female });
  };
  await activity(v1, '2026-09-05', 2, 1);
  await activity(v2, '2026-10-20', 1, 3);
  await activity(places.inseinVolunteer, '2026-09-06', 5, 5);
  return { places, ids };
}
