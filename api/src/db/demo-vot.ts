import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { DASHBOARD_WORK, addDays, todayIn } from '@vot/shared/domain';
import { randomUUID } from 'node:crypto';
import { inTransaction, type Database } from './client';
import { changeVolunteers, dots, patients, volunteers } from './schema';
import { syncCurrent } from '../routes/vot/patient';
import { lockPatients } from '../ledger';

/** yyyy-mm-dd `days` after `day`, never after today. */
function plus(day: string, days: number): string {
  const out = addDays(day, days);
  const today = todayIn();
  return out > today ? today : out;
}

type Step = {
  after: number;
  pure_or_hybrid: 'Pure' | 'Hybrid';
  volunteer: 0 | 1 | null;
  type: 'App' | 'No App' | null;
};

/**
 * The VOT shapes the demo shows, one per patient: pure with a volunteer (app), pure without, pure
 * then hybrid with another volunteer (a dashboard visit under the hybrid entry, so it cannot be
 * deleted and Move To VOT is locked), an ended pure VOT, and pure with a volunteer, no app.
 */
const SHAPES: { steps: Step[]; visit?: boolean; ended?: boolean }[] = [
  { steps: [{ after: 0, pure_or_hybrid: 'Pure', volunteer: 0, type: 'App' }] },
  { steps: [{ after: 0, pure_or_hybrid: 'Pure', volunteer: null, type: null }] },
  {
    steps: [
      { after: 0, pure_or_hybrid: 'Pure', volunteer: 0, type: 'App' },
      { after: 14, pure_or_hybrid: 'Hybrid', volunteer: 1, type: 'App' },
    ],
    visit: true,
  },
  { steps: [{ after: 0, pure_or_hybrid: 'Pure', volunteer: 1, type: 'App' }], ended: true },
  { steps: [{ after: 0, pure_or_hybrid: 'Pure', volunteer: 0, type: 'No App' }] },
];

/**
 * Demo VOT patients, once (when no VOT history exists): accepted demo patients, then eligible
 * ones, are moved to VOT a week after their treatment started and given the shapes above, with the
 * active volunteers of their township (without a volunteer where the township has none).
 */
export async function seedDemoVot(db: Database): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(changeVolunteers)) as [{ n: number }];
  if (n > 0) return;
  const active = and(eq(patients.status, 1), eq(patients.VOT_eligible, 'Yes'), isNull(patients.DOT_start_date));
  const accepted = await db
    .select()
    .from(patients)
    .where(and(active, eq(patients.VOT_accept, 'Yes')))
    .orderBy(asc(patients.id));
  const eligible = await db
    .select()
    .from(patients)
    .where(and(active, isNull(patients.VOT_accept)))
    .orderBy(asc(patients.id));
  // The last accepted patient stays waiting for Move To VOT, and every other eligible one for acceptance.
  const chosen = [...accepted.slice(0, -1), ...eligible.filter((_, i) => i % 2 === 0)].slice(0, SHAPES.length);
  for (const [i, patient] of chosen.entries()) {
    const shape = SHAPES[i]!;
    const ofTownship = await db
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(and(eq(volunteers.township_id, patient.township_id!), eq(volunteers.status, 1)))
      .orderBy(asc(volunteers.id));
    const start = plus(patient.treatment_start_date ?? todayIn(), 7);
    await inTransaction(db, async (t) => {
      const locked = await lockPatients(t, [patient.id]);
      await t
        .update(patients)
        .set({
          VOT_accept: 'Yes',
          report_period: patient.report_period ?? 'FY26Q1',
          DOT_start_date: start,
          DOT_end_date: shape.ended ? plus(start, 60) : null,
        })
        .where(eq(patients.id, patient.id));
      let last: number | null = null;
      for (const step of shape.steps) {
        const volunteer = step.volunteer === null ? undefined : (ofTownship[step.volunteer] ?? ofTownship[0]);
        const [row] = await t
          .insert(changeVolunteers)
          .values({
            patient_id: patient.id,
            change_date: plus(start, step.after),
            pure_or_hybrid: step.pure_or_hybrid,
            with_volunteer: volunteer ? 'Yes' : 'No',
            volunteer_id: volunteer?.id ?? null,
            type: volunteer ? step.type : null,
          })
          .returning({
            id: changeVolunteers.id,
            change_date: changeVolunteers.change_date,
            volunteer_id: changeVolunteers.volunteer_id,
          });
        last = row!.id;
        if (shape.visit && row!.volunteer_id) {
          await t.insert(dots).values({
            uuid: randomUUID(),
            patient_id: patient.id,
            change_volunteer_id: last,
            date: plus(row!.change_date, 1),
            work: DASHBOARD_WORK.withVolunteer,
            remark: 'Took the morning dose on video call',
            created: 'dashboard',
          });
        }
      }
      await syncCurrent(t, locked, patient.id);
    });
  }
}
