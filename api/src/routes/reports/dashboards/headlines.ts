import { and, count, eq, sql } from 'drizzle-orm';
import type { HomeHeadlines } from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { patients, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../http/auth';
import { countWhere, dateIn, townshipIn } from './period';
import { ON_TREATMENT_DATE, active, onVot } from './patients';

/**
 * The home cards' headline figures, each the figure its dashboard shows with no period chosen,
 * counted alone: the volunteers (volunteer-dashboard's total_volunteers), the patients
 * (patient-dashboard's total_patients.total: every active patient, as each has a registration
 * date) and those on VOT today (dot-status-dashboard's with_volunteers + without_volunteers).
 * Two counts instead of three whole dashboards (decision 0196).
 */
export async function dashboardHeadlines(db: Database, user: RequestUser): Promise<HomeHeadlines> {
  const onVotToday = and(onVot, sql`${patients.DOT_end_date} is null`, dateIn(ON_TREATMENT_DATE, {}))!;
  const [[people], [helpers]] = await Promise.all([
    db
      .select({ patients: count(), on_vot: countWhere(onVotToday) })
      .from(patients)
      .where(active(user, {})),
    db
      .select({ volunteers: count() })
      .from(volunteers)
      .where(and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, {}))),
  ]);
  return { volunteers: helpers!.volunteers, patients: people!.patients, on_vot: people!.on_vot };
}
