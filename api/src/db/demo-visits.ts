import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { DASHBOARD_WORK, expandDateRange, lastVisitDay, todayIn } from '@vot/shared/domain';
import type { Database } from './client';
import { refreshAllLedgers } from '../ledger';
import { changeVolunteers, dots, patients } from './schema';

const MEDICINES = [
  { medicine_name: 'Bedaquiline', quantity: 2 },
  { medicine_name: 'Linezolid', quantity: 1 },
  { medicine_name: 'Levofloxacin', quantity: 3 },
];

type Entry = { id: number; change_date: string; volunteer_id: number | null; type: string | null };

/**
 * A day of the demo, by the entry in force on it: a volunteer with the app files an own visit or a
 * video-observed visit (now and then a missed dose, a late one, a day without a record, so the
 * calendar and the ledger show something to act on); without a volunteer the patient sends a
 * video; a No App patient's day is a no-app day, mostly ticked. `i` counts the days from the start.
 */
function recordOf(
  patientId: number,
  entry: Entry | undefined,
  day: string,
  i: number,
): typeof dots.$inferInsert | null {
  if (i % 11 === 10) return null;
  const base = { uuid: randomUUID(), patient_id: patientId, change_volunteer_id: entry?.id ?? null, date: day };
  if (entry?.volunteer_id && entry.type === 'No App') {
    return { ...base, work: DASHBOARD_WORK.withVolunteer, created: 'no-app', work_status: i % 13 === 6 ? false : true };
  }
  // Video files live in the file store; demo records have none, so their detail shows no player.
  if (!entry?.volunteer_id)
    return {
      ...base,
      work: 3,
      created: 'app',
      remark: 'Took the evening dose',
      late_remark: i % 5 === 4 ? 'No internet in the evening' : null,
    };
  const missed = i % 13 === 6;
  return {
    ...base,
    work: i % 2 === 0 ? 1 : 2,
    created: 'app',
    work_status: !missed,
    DOT_records: missed ? [] : MEDICINES.slice(0, 1 + (i % 3)),
    long: `${10 + (i % 4) * 5} minutes`,
    minor_side_effects: i % 4 === 1 ? 'Nausea' : null,
    major_side_effects: null,
    actions: missed ? '3' : i % 4 === 1 ? '1,2' : '1',
    patient_condition: missed ? 'Away from home' : 'Good',
    late_remark: i % 5 === 4 ? 'The phone battery was empty' : null,
  };
}

/**
 * Visit records for the demo VOT patients (seedDemoVot), once: every day of each patient's VOT from
 * its start, as the phone app and the no-app grid would have made them, so the visit lists, the
 * calendar, the no-app grid and the dose ledger look like a programme's (mostly observed, around
 * 85 %). Every other patient has a missed run: a week without records a month in, and the last
 * three days unrecorded, so the Missed Doses list has patients to act on. One insert per patient
 * (a few hundred rows), then the ledger's roll-up of them all.
 */
export async function seedDemoVisits(db: Database): Promise<void> {
  const [made] = await db
    .select({ id: dots.id })
    .from(dots)
    .where(inArray(dots.created, ['app', 'no-app']))
    .limit(1);
  if (made) return;
  const onVot = await db
    .select({ id: patients.id, start: patients.DOT_start_date, end: patients.DOT_end_date })
    .from(patients)
    .where(and(eq(patients.status, 1), isNotNull(patients.DOT_start_date)))
    .orderBy(asc(patients.id));
  for (const [k, patient] of onVot.entries()) {
    const entries = await db
      .select({
        id: changeVolunteers.id,
        change_date: changeVolunteers.change_date,
        volunteer_id: changeVolunteers.volunteer_id,
        type: changeVolunteers.type,
      })
      .from(changeVolunteers)
      .where(eq(changeVolunteers.patient_id, patient.id));
    if (!entries.length) continue;
    const last = lastVisitDay(patient.end, todayIn());
    const runs = k % 2 === 1;
    const skipped = (i: number, days: number) => runs && ((i >= 30 && i < 37) || i >= days - 3);
    const taken = new Set(
      (await db.select({ date: dots.date }).from(dots).where(eq(dots.patient_id, patient.id))).map((d) => d.date),
    );
    const days = patient.start! <= last ? expandDateRange(patient.start!, last) : [];
    const rows = days
      .map((day, i) => {
        if (taken.has(day) || skipped(i, days.length)) return null;
        const entry = entries
          .filter((e) => e.change_date <= day)
          .sort((a, b) => (a.change_date < b.change_date ? 1 : a.change_date > b.change_date ? -1 : b.id - a.id))[0];
        return recordOf(patient.id, entry, day, i);
      })
      .filter((r) => r !== null);
    if (rows.length) await db.insert(dots).values(rows);
  }
  await refreshAllLedgers(db);
}
