// The patient counts of the menu's badges and the township's next presumptive number.
import { and, eq, sql } from 'drizzle-orm';
import { PATIENT_STATUS } from '@vot/shared/domain';
import { can } from '@vot/shared/permissions';
import type { PatientCounts } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { patientListCounts, patients } from '../../db/schema';
import { UNNAMED, builtStatements } from '../../lib/built-statements';
import { townshipScope } from '../../lib/scope';
import type { RequestUser } from '../../http/auth';
import { LISTS, countedTownships, onVot, scoped, type PatientList } from './repository';

/**
 * The statements of GET dstb-patient-count for the lists a role may read and a scope, built once
 * (lib/built-statements.ts): the menu asks them on every screen.
 */
const countShapes = builtStatements<ReturnType<typeof buildCounts>>();

function buildCounts(db: Database, user: RequestUser, summed: PatientList[], counted: PatientList[]) {
  return {
    summed: summed.length
      ? db
          .select({
            status: patientListCounts.status,
            lists: patientListCounts.lists,
            n: sql<number>`sum(${patientListCounts.n})`.mapWith(Number),
          })
          .from(patientListCounts)
          .where(countedTownships(user))
          .groupBy(patientListCounts.status, patientListCounts.lists)
          .prepare(UNNAMED)
      : undefined,
    counted: counted.length
      ? db
          .select(
            Object.fromEntries(
              counted.map((l) => [l, sql<number>`count(*) filter (where ${LISTS[l].where})`.mapWith(Number)]),
            ),
          )
          .from(patients)
          .where(and(eq(patients.status, PATIENT_STATUS.active), scoped(PATIENT_STATUS.active, user), onVot))
          .prepare(UNNAMED)
      : undefined,
  };
}

/**
 * GET dstb-patient-count: each list the user may read, summed from patient_list_counts over the
 * user's townships (the trash by recover township), with the lists' own conditions.
 */
export async function countPatients(db: Database, user: RequestUser): Promise<PatientCounts> {
  const lists = (Object.keys(LISTS) as PatientList[]).filter(
    (l) => l !== 'all' && can(user, LISTS[l].resource, 'read'),
  );
  const summed = lists.filter((l) => !LISTS[l].where);
  const counted = lists.filter((l) => LISTS[l].where);
  const built = countShapes(db, [lists, townshipScope(user)], () => buildCounts(db, user, summed, counted));
  const [rows, [countedRow]] = await Promise.all([built.summed?.execute() ?? [], built.counted?.execute() ?? [{}]]);
  return {
    ...Object.fromEntries(
      summed.map((l) => {
        const { status, bit } = LISTS[l];
        return [
          l,
          rows
            .filter((r) => r.status === status && (bit === undefined || (r.lists & bit) !== 0))
            .reduce((n, r) => n + r.n, 0),
        ];
      }),
    ),
    ...(countedRow as PatientCounts),
  };
}

/** The highest presumptive TB number of a township, trash included (its number stays taken). */
export async function latestPresumptiveNumber(db: Database, townshipId: number): Promise<number | null> {
  const [row] = await db
    .select({
      latest: sql<number | null>`max(${patients.presumptive_TB_number})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(patients)
    .where(sql`coalesce(${patients.township_id}, ${patients.recover_township_id}) = ${townshipId}`);
  return row?.latest ?? null;
}
