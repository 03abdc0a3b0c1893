import { and, between, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PATIENT_STATUS, myanmarPhone } from '@vot/shared/domain';
import { can } from '@vot/shared/permissions';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import type { PossibleDuplicate } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';
import { register } from '../../lib/operations';
import { townshipScope } from '../../lib/scope';
import { signedInUser, type RequestUser } from '../../http/auth';
import { township, townshipRef } from '../townships/repository';

/** The most candidates an answer lists: a form shows them all, and more than this is not one person. */
const CANDIDATES = 10;
/** An age within this many years of the one typed (ages are given as guessed as often as counted). */
const AGE_SLACK = 2;

export interface DuplicateQuestion {
  townshipId: number;
  name: string;
  age: number;
  /** Normalised (myanmarPhone); null: the phone is not compared. */
  phone: string | null;
}

/**
 * Patients who may be the one about to be registered: the same name key (drizzle/0018's
 * patient_name_key: no case, honorific, spaces or punctuation) and an age within two years in the
 * township, or the same phone anywhere in the user's townships. The trash counts for those who read
 * it (a patient there is recovered, not registered again). Answered from patients_name_key_idx and
 * patients_phone_idx (bench/patients.mts).
 */
export async function possibleDuplicates(
  db: Database,
  user: RequestUser,
  question: DuplicateQuestion,
): Promise<PossibleDuplicate[]> {
  const home = sql`coalesce(${patients.township_id}, ${patients.recover_township_id})`;
  const sameName = and(
    sql`${home} = ${question.townshipId}`,
    sql`${patients.name_key} = patient_name_key(${question.name})`,
    between(patients.age, question.age - AGE_SLACK, question.age + AGE_SLACK),
  )!;
  const samePhone: SQL = question.phone ? eq(patients.patient_phone_no, question.phone) : sql`false`;
  const scope = townshipScope(user);
  const rows = await db
    .select({
      id: patients.id,
      name: patients.name,
      code: patients.code,
      SP_code: patients.SP_code,
      age: patients.age,
      sex: patients.sex,
      township: townshipRef(township),
      patient_phone_no: patients.patient_phone_no,
      status: patients.status,
      same_name: sql<boolean>`${sameName}`.mapWith(Boolean),
      same_phone: sql<boolean>`${samePhone}`.mapWith(Boolean),
    })
    .from(patients)
    .leftJoin(township, sql`${township.id} = ${home}`)
    .where(
      and(
        or(sameName, samePhone),
        can(user, 'trash', 'read') ? undefined : eq(patients.status, PATIENT_STATUS.active),
        scope === null ? undefined : scope.length ? inArray(home, scope) : sql`false`,
      ),
    )
    .orderBy(desc(patients.id))
    .limit(CANDIDATES);
  return rows satisfies PossibleDuplicate[];
}

/** GET patients-possible-duplicates: asked by the registration form on Save, before POST patients. */
export default async function duplicateRoutes(app: FastifyInstance) {
  register(app, PATIENT_OPERATIONS.possibleDuplicates, async ({ request, query }) => {
    const data = await possibleDuplicates(app.db, signedInUser(request), {
      townshipId: query.township_id,
      name: query.name,
      age: query.age,
      phone: query.patient_phone_no ? myanmarPhone(query.patient_phone_no) : null,
    });
    return { data, status: 'success' as const, total: data.length };
  });
}
