import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { REFERRAL_PLACES, addDays, todayIn } from '@vot/shared/domain';
import type { Database } from './client';
import {
  communities,
  communityReferrals,
  contactTracings,
  healthEducations,
  patients,
  supervisionVisits,
  volunteers,
} from './schema';

/** The demo's last `months` months of app activity records. */
const MONTHS = 6;
const TOPICS = ['TB symptoms and where to be tested', 'Taking every dose', 'Cough hygiene at home', 'TB and nutrition'];
const PLACES = ['Monastery hall', 'Ward office', 'Market', 'Primary school'];
const SUPERVISORS = ['Daw Khin Khin', 'U Soe Min'];

/**
 * The app's activity records for the demo, once (when none exist): each active demo volunteer gives
 * a health education session about every two weeks and is visited by a supervisor once a month, and
 * the households of the VOT patients of their township are traced once; and each holds a community
 * activity once a month, two in three of which refer people to one or two places. The Activity and
 * Patient dashboards (case finding by activity) and the Community list then have records on a first
 * start. Counts follow from the volunteer and the day, not from chance.
 */
export async function seedDemoActivities(db: Database): Promise<void> {
  const [made] = await db.select({ id: healthEducations.id }).from(healthEducations).limit(1);
  if (made) return;
  const today = todayIn();
  const active = await db
    .select({ id: volunteers.id, township_id: volunteers.township_id })
    .from(volunteers)
    .where(eq(volunteers.status, 1))
    .orderBy(asc(volunteers.id));
  const working = active.filter((v): v is { id: number; township_id: number } => v.township_id !== null);
  if (!working.length) return;
  const sessions: (typeof healthEducations.$inferInsert)[] = [];
  const visits: (typeof supervisionVisits.$inferInsert)[] = [];
  for (const [n, v] of working.entries()) {
    for (let days = 3 + n; days < MONTHS * 30; days += 14) {
      const i = days + n;
      const male = 4 + (i % 7);
      const female = 6 + (i % 9);
      sessions.push({
        uuid: randomUUID(),
        volunteer_id: v.id,
        township_id: v.township_id,
        date: addDays(today, -days),
        place: PLACES[i % PLACES.length]!,
        topic: TOPICS[i % TOPICS.length]!,
        male,
        female,
        total: male + female,
        referred: i % 4,
      });
    }
    for (let month = 0; month < MONTHS; month++) {
      const days = 10 + month * 30 + (n % 5);
      visits.push({
        uuid: randomUUID(),
        volunteer_id: v.id,
        township_id: v.township_id,
        date: addDays(today, -days),
        supervisor_name: SUPERVISORS[(n + month) % 2]!,
        patients_visited: 1 + ((n + month) % 3),
        records_checked: (n + month) % 6 !== 5,
      });
    }
  }
  // A VOT patient's household is traced by a volunteer of the patient's township, a week into the VOT.
  const onVot = await db
    .select({ id: patients.id, township_id: patients.township_id, start: patients.DOT_start_date })
    .from(patients)
    .where(and(eq(patients.status, 1), isNotNull(patients.DOT_start_date)))
    .orderBy(asc(patients.id));
  const tracings: (typeof contactTracings.$inferInsert)[] = [];
  for (const [n, p] of onVot.entries()) {
    const volunteer = working.find((v) => v.township_id === p.township_id);
    if (!volunteer || !p.start || !p.township_id) continue;
    const traced = addDays(p.start, 7) > today ? today : addDays(p.start, 7);
    const total = 3 + (n % 4);
    const screened = total - (n % 2);
    tracings.push({
      uuid: randomUUID(),
      volunteer_id: volunteer.id,
      township_id: p.township_id,
      patient_id: p.id,
      date: traced,
      contacts_total: total,
      contacts_screened: screened,
      presumptive_found: n % 3 === 0 ? 1 : 0,
      referred: n % 3 === 0 ? 1 : 0,
      tpt_started: Math.min(screened, 2),
    });
  }
  const activities = communityActivities(working, today);
  await db.transaction(async (tx) => {
    await tx.insert(healthEducations).values(sessions);
    await tx.insert(supervisionVisits).values(visits);
    if (tracings.length) await tx.insert(contactTracings).values(tracings);
    const ids = await tx
      .insert(communities)
      .values(activities.map(({ referrals: _r, ...a }) => a))
      .returning({ id: communities.id });
    const referrals = activities.flatMap((a, i) => a.referrals.map((r) => ({ ...r, community_id: ids[i]!.id })));
    if (referrals.length) await tx.insert(communityReferrals).values(referrals);
  });
}

/** A community activity a month per volunteer; two in three refer people, to one place or two (SPEC.md §2 "Community"). */
function communityActivities(working: { id: number }[], today: string) {
  return working.flatMap((v, n) =>
    Array.from({ length: MONTHS }, (_, month) => {
      const i = n + month;
      const refers = i % 3 !== 2;
      const places = refers ? [REFERRAL_PLACES[i % 4]!, ...(i % 2 ? [REFERRAL_PLACES[5]!] : [])] : [];
      return {
        volunteer_id: v.id,
        date: addDays(today, -(5 + month * 30 + (n % 7))),
        referral: refers ? 1 : 0,
        referrals: places.map((place, k) => {
          const male = 1 + ((i + k) % 3);
          const female = 1 + ((i + 2 * k) % 4);
          return { place, male, female, total: male + female };
        }),
      };
    }),
  );
}
