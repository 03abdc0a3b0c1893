import { and, eq, not, or, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PROGRAMME_TIMEZONE, VOT_STOPPED_OUTCOME } from '@vot/shared/domain';
import {
  DEFINED_TB_TYPE_OF,
  NOT_RECORDED,
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
import type { RequestUser } from '../../../http/auth';
import { countWhere, dateIn, dayIn, townshipIn } from './period';

/**
 * The patients' programme dates (docs/figures.md): a patient is registered on their treatment start
 * date, or, not started on treatment, on the day they were entered (in Yangon); the VOT Status
 * dashboard's patients are on treatment from their treatment start, or their VOT start when no
 * treatment start was recorded.
 */
const ENTERED_DAY = sql`(${patients.created_at} at time zone ${sql.raw(`'${PROGRAMME_TIMEZONE}'`)})::date`;
export const REGISTRATION_DATE = sql`coalesce(${patients.treatment_start_date}, ${ENTERED_DAY})`;
export const ON_TREATMENT_DATE = sql`coalesce(${patients.treatment_start_date}, ${patients.DOT_start_date})`;

export const active = (user: RequestUser, q: DashboardQuery) =>
  and(eq(patients.status, 1), townshipIn(patients.township_id, user, q));

/**
 * One FILTER count per dashboard key, from a map of stored values to keys (several values may share
 * a key), within `among`, and the Not recorded key: those of `among` whose value is none of the map's.
 */
function countsBy<K extends string>(
  column: PgColumn,
  valueToKey: Record<string, K>,
  among: SQL,
  keys: readonly K[] = [...new Set(Object.values(valueToKey))],
) {
  const known = sql`${column} in (${sql.join(
    Object.keys(valueToKey).map((v) => sql`${v}`),
    sql`, `,
  )})`;
  const counts = Object.fromEntries(
    keys.map((key) => {
      const values = Object.entries(valueToKey)
        .filter(([, k]) => k === key)
        .map(([v]) => v);
      return [
        key,
        values.length
          ? countWhere(
              sql`${among} and ${column} in (${sql.join(
                values.map((v) => sql`${v}`),
                sql`, `,
              )})`,
            )
          : sql<number>`0`.mapWith(Number),
      ];
    }),
  ) as Record<K, SQL<number>>;
  return { ...counts, [NOT_RECORDED]: countWhere(sql`${among} and (${column} is null or not ${known})`) } as Record<
    K | typeof NOT_RECORDED,
    SQL<number>
  >;
}

const hasBit = (bit: number) => sql`(${patients.lists} & ${bit}) <> 0`;
/** On VOT (accepted, with a VOT start date), never null: the VOT status figures negate it. */
export const onVot = sql`(coalesce(${patients.VOT_accept} = 'Yes', false) and ${patients.DOT_start_date} is not null)`;

/**
 * GET patient-dashboard: every group in one scan of the patients registered or started on treatment
 * in the period, and the referrals of the period's community activities.
 */
export async function patientDashboard(db: Database, user: RequestUser, q: DashboardQuery): Promise<PatientDashboard> {
  const registered = dateIn(REGISTRATION_DATE, q);
  const started = dateIn(sql`${patients.treatment_start_date}`, q);
  const groups = {
    defined_TB_type: countsBy(patients.defined_TB_type, DEFINED_TB_TYPE_OF, started),
    // Not recorded is a key of the groups already: the one the map's Not recorded count fills.
    treatment_regimen: countsBy(
      patients.treatment_regimen,
      REGIMEN_GROUP_OF,
      started,
      REGIMEN_GROUP_KEYS.filter((k) => k !== NOT_RECORDED),
    ),
    TB_patients_outcome: countsBy(patients.treatment_outcome, OUTCOME_OF, started),
    type_of_TB_patient: countsBy(patients.type_of_TB_patient, TYPE_OF_TB_PATIENT_OF, started),
  };
  const [[row], [referred]] = await Promise.all([
    db
      .select({
        total: countWhere(registered),
        tb: countWhere(and(registered, hasBit(PATIENT_LIST_BITS.tb))!),
        no_sp_code: countWhere(and(registered, hasBit(PATIENT_LIST_BITS.noSpCode))!),
        started_treatment: countWhere(started),
        ...groups,
      })
      .from(patients)
      .where(and(active(user, q), or(registered, started))),
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
    started_treatment: row!.started_treatment,
    defined_TB_type: row!.defined_TB_type,
    treatment_regimen: row!.treatment_regimen,
    TB_patients_outcome: row!.TB_patients_outcome,
    type_of_TB_patient: row!.type_of_TB_patient,
  };
}

/**
 * GET dot-status-dashboard: the patients on treatment from a day of the period, by where they are in
 * VOT today, in exclusive figures that sum to them: VOT ended (stopped as 'Unable to continue VOT',
 * or completed), on VOT with or without a volunteer, not on VOT, or awaiting a decision.
 */
export async function dotStatusDashboard(
  db: Database,
  user: RequestUser,
  q: DashboardQuery,
): Promise<DotStatusDashboard> {
  const ended = and(onVot, sql`${patients.DOT_end_date} is not null`)!;
  const stopped = and(ended, sql`${patients.VDOT_end_type} is not distinct from ${VOT_STOPPED_OUTCOME}`)!;
  const going = and(onVot, sql`${patients.DOT_end_date} is null`)!;
  const noVot = and(not(onVot), hasBit(PATIENT_LIST_BITS.noDot))!;
  const [row] = await db
    .select({
      with_volunteers: countWhere(and(going, sql`${patients.volunteer_id} is not null`)!),
      without_volunteers: countWhere(and(going, sql`${patients.volunteer_id} is null`)!),
      VOT_completed: countWhere(and(ended, not(stopped))!),
      VOT_stopped: countWhere(stopped),
      No_DOTs: countWhere(noVot),
      awaiting_decision: countWhere(and(not(onVot), not(hasBit(PATIENT_LIST_BITS.noDot)))!),
    })
    .from(patients)
    .where(and(active(user, q), dateIn(ON_TREATMENT_DATE, q)));
  return row!;
}
