// One patient as the detail pages read it: the record, its places, volunteer and, to those who may, its initial password.
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { INVESTIGATION_COLUMNS, type Patient, type VotDecision } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dots, patientDecisions, patients, volunteers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { revealedPassword } from '../../lib/secrets';
import type { RequestUser } from '../../http/auth';
import { recoverTownship, township, townshipRef } from '../townships/repository';
import { PATIENT_NOT_FOUND, type PatientStatus, inStatusScope, toTownship, seesPasswords } from './repository';

const INVESTIGATION_SET = new Set(INVESTIGATION_COLUMNS);
const {
  password_hash: _hash,
  plain_password_enc: _enc,
  township_id: _t,
  recover_township_id: _r,
  TO_township_id: _to,
  volunteer_id: _v,
  deleted_at: _d,
  lists: _l,
  name_prefixes: _n,
  name_key: _k,
  ...ownColumns
} = getTableColumns(patients);

function selectPatient(db: Database) {
  return db
    .select({
      ...ownColumns,
      plain_password_enc: patients.plain_password_enc,
      township: townshipRef(township),
      recover_township: townshipRef(recoverTownship),
      TO_township: townshipRef(toTownship),
      volunteer: { id: volunteers.id, name: volunteers.name },
      DOTs: sql<number>`(select count(*) from ${dots} where ${dots.patient_id} = ${patients.id})`.mapWith(Number),
      VOT_decisions: sql<
        VotDecision[]
      >`coalesce((select json_agg(json_build_object('kind', d.kind, 'value', d.value, 'reason', d.reason, 'decided_at', d.decided_at) order by d.id)
        from ${patientDecisions} d where d.patient_id = ${patients.id}), '[]'::json)`,
    })
    .from(patients)
    .leftJoin(township, eq(township.id, patients.township_id))
    .leftJoin(recoverTownship, eq(recoverTownship.id, patients.recover_township_id))
    .leftJoin(toTownship, eq(toTownship.id, patients.TO_township_id))
    .leftJoin(volunteers, eq(volunteers.id, patients.volunteer_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPatient>['execute']>>[number];

/** The record of the contract: investigation fields grouped, the password only for those who may see it. */
function toPatient(key: Buffer, row: Row, reveal: boolean): Patient {
  const { plain_password_enc, created_at, updated_at, ...rest } = row;
  const investigations: Patient['investigations'] = {};
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (INVESTIGATION_SET.has(k)) investigations[k] = v as string | number | null;
    else fields[k] = v;
  }
  return {
    ...(fields as typeof rest),
    plain_password: revealedPassword(key, plain_password_enc, reveal),
    investigations,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  } satisfies Patient;
}

/** One patient in the user's scope, of the status (either when none is given), or a 404. */
export async function findPatient(
  db: Database,
  key: Buffer,
  user: RequestUser,
  id: number,
  status?: PatientStatus,
): Promise<Patient> {
  const [row] = await selectPatient(db)
    .where(and(eq(patients.id, id), inStatusScope(user, status)))
    .limit(1);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return toPatient(key, row, seesPasswords(user));
}
