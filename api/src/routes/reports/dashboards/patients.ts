import { and, count, eq, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  DEFINED_TB_TYPE_OF,
  OUTCOME_OF,
  REGIMEN_GROUP_KEYS,
  REGIMEN_GROUP_OF,
  TYPE_OF_TB_PATIENT_OF,
  type DashboardQuery,
  type DotStatusDashboard,
  type PatientDashboard,
} from '@vot/shared/schemas';
import type { Database } from '../../../db/client';
import { PATIENT_LIST_BITS, communities, communityReferrals, patients, volunteers } from '../../../db/schema';
import type { RequestUser } from '../../../plugins/auth';
import { countWhere, dayIn, momentIn, townshipIn } from './period';

/** Active patients of the township registered in the period: whom the patient and VOT status dashboards describe. */
const registered = (user: RequestUser, q: DashboardQuery) =>
  and(eq(patients.status, 1), townshipIn(patients.township_id, user, q), momentIn(patients.created_at, q));

/** One FILTER count per dashboard key, from a map of stored values to keys (several values may share a key). */
function countsBy<K extends string>(
  column: PgColumn,
  valueToKey: Record<string, K>,
  keys: readonly K[] = [...new Set(Object.values(valueToKey))],
) {
  return Object.fromEntries(
    keys.map((key) => {
      const values = Object.entries(valueToKey)
        .filter(([, k]) => k === key)
        .map(([v]) => v);
      return [
        key,
        values.length
          ? countWhere(
              sql`${column} in (${sql.join(
                values.map((v) => sql`${v}`),
                sql`, `,
              )})`,
            )
          : sql<number>`0`.mapWith(Number),
      ];
    }),
  ) as Record<K, SQL<number>>;
}

const hasBit = (bit: number) => sql`(${patients.lists} & ${bit}) <> 0`;
const onVot = and(eq(patients.VOT_accept, 'Yes'), sql`${patients.DOT_start_date} is not null`)!;

/** GET patient-dashboard: every group in one scan of the patients, and the referrals of the period's community activities. */
export async function patientDashboard(db: Database, user: RequestUser, q: DashboardQuery): Promise<PatientDashboard> {
  const groups = {
    defined_TB_type: countsBy(patients.defined_TB_type, DEFINED_TB_TYPE_OF),
    treatment_regimen: countsBy(patients.treatment_regimen, REGIMEN_GROUP_OF, REGIMEN_GROUP_KEYS),
    TB_patients_outcome: countsBy(patients.treatment_outcome, OUTCOME_OF),
    type_of_TB_patient: countsBy(patients.type_of_TB_patient, TYPE_OF_TB_PATIENT_OF),
  };
  const [[row], [referred]] = await Promise.all([
    db
      .select({
        total: count(),
        tb: countWhere(hasBit(PATIENT_LIST_BITS.tb)),
        no_sp_code: countWhere(hasBit(PATIENT_LIST_BITS.noSpCode)),
        ...groups,
      })
      .from(patients)
      .where(registered(user, q)),
    db
      .select({ total: sum(communityReferrals.total).mapWith(Number) })
      .from(communityReferrals)
      .innerJoin(communities, eq(communities.id, communityReferrals.community_id))
      .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
      .where(and(eq(volunteers.status, 1), townshipIn(volunteers.township_id, user, q), dayIn(communities.date, q))),
  ]);
  return {
    total_patients: { total: row!.total, tb: row!.tb, no_sp_code: row!.no_sp_code },
    case_founded_activities: { communities: referred?.total ?? 0 },
    defined_TB_type: row!.defined_TB_type,
    treatment_regimen: row!.treatment_regimen,
    TB_patients_outcome: row!.TB_patients_outcome,
    type_of_TB_patient: row!.type_of_TB_patient,
  };
}

/** GET dot-status-dashboard: the period's registered patients on VOT with and without a volunteer, and those not on VOT. */
export async function dotStatusDashboard(
  db: Database,
  user: RequestUser,
  q: DashboardQuery,
): Promise<DotStatusDashboard> {
  const [row] = await db
    .select({
      with_volunteers: countWhere(and(onVot, sql`${patients.volunteer_id} is not null`)!),
      without_volunteers: countWhere(and(onVot, sql`${patients.volunteer_id} is null`)!),
      No_DOTs: countWhere(hasBit(PATIENT_LIST_BITS.noDot)),
    })
    .from(patients)
    .where(registered(user, q));
  return row!;
}
