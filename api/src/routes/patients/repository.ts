import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PATIENT_STATUS, type PatientCategory } from '@vot/shared/domain';
import { can, type Resource } from '@vot/shared/permissions';
import { INVESTIGATION_COLUMNS, type Patient, type PatientCounts, type PatientExportRow, type PatientListRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { dots, patients, townships, volunteers } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { pageOf, type Paging } from '../../lib/paging';
import { townshipScope } from '../../lib/scope';
import { decryptText } from '../../lib/secrets';
import type { RequestUser } from '../../plugins/auth';

export const PATIENT_NOT_FOUND = 'Patient not found.';

export type PatientStatus = (typeof PATIENT_STATUS)[keyof typeof PATIENT_STATUS];

/** A list of GET patients: a category of PATIENT_CATEGORIES, or 'all' (no flag: every active patient). */
export type PatientList = PatientCategory | 'all';

const onVot = and(eq(patients.VOT_accept, 'Yes'), isNotNull(patients.DOT_start_date));

/**
 * What each patient list holds (docs/decisions.md "Patient lists"), and the resource whose read
 * (and export) opens it. Counts, lists and exports all take their condition from here.
 */
export const LISTS: Record<PatientList, { resource: Resource; where: SQL | undefined }> = {
  all: { resource: 'patients', where: undefined },
  tb: { resource: 'patients', where: isNotNull(patients.SP_code) },
  noSpCode: { resource: 'patients', where: isNull(patients.SP_code) },
  noDot: { resource: 'patients', where: or(eq(patients.VOT_eligible, 'No'), eq(patients.VOT_accept, 'No')) },
  screened: { resource: 'vot-eligible', where: isNotNull(patients.VOT_eligible) },
  eligible: { resource: 'vot-eligible', where: eq(patients.VOT_eligible, 'Yes') },
  acceptable: { resource: 'vot-eligible', where: eq(patients.VOT_accept, 'Yes') },
  declined: { resource: 'vot-eligible', where: eq(patients.VOT_accept, 'No') },
  clinic: { resource: 'clinic-patients', where: undefined },
  trash: { resource: 'trash', where: undefined },
  // VOT Status: on VOT (accepted, with a start date), by the latest pure/hybrid entry (api/src/routes/vot).
  pure: { resource: 'vot-status', where: and(onVot, eq(patients.pure_or_hybrid, 'Pure')) },
  pureWithVolunteer: { resource: 'vot-status', where: and(onVot, eq(patients.pure_or_hybrid, 'Pure'), isNotNull(patients.volunteer_id)) },
  pureWithoutVolunteer: { resource: 'vot-status', where: and(onVot, eq(patients.pure_or_hybrid, 'Pure'), isNull(patients.volunteer_id)) },
  hybrid: { resource: 'vot-status', where: and(onVot, eq(patients.pure_or_hybrid, 'Hybrid')) },
};

/** The township that places a patient: its township while active, its recover township in the trash. */
const townshipColumn = (status: PatientStatus) => (status === PATIENT_STATUS.trash ? patients.recover_township_id : patients.township_id);

const inTownships = (status: PatientStatus, ids: number[]) => (ids.length ? inArray(townshipColumn(status), ids) : sql`false`);

/** The user's scope over patients of one status (undefined: not limited). */
function scoped(status: PatientStatus, user: RequestUser): SQL | undefined {
  const scope = townshipScope(user);
  return scope === null ? undefined : inTownships(status, scope);
}

/** A patient of the status within the user's scope; of either status when none is given. */
function inStatusScope(user: RequestUser, status?: PatientStatus): SQL | undefined {
  if (status !== undefined) return and(eq(patients.status, status), scoped(status, user));
  const scope = townshipScope(user);
  if (scope === null) return undefined;
  return or(and(eq(patients.status, PATIENT_STATUS.active), scoped(PATIENT_STATUS.active, user)), and(eq(patients.status, PATIENT_STATUS.trash), scoped(PATIENT_STATUS.trash, user)));
}

/** `%`, `_` and `\` typed in a search are themselves, not LIKE patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PatientFilter {
  list: PatientList;
  name?: string;
  SP_code?: string;
  unique_id?: string;
  /** Townships to show (recover townships in the trash); empty: every township of the scope. */
  townshipIds: number[];
  /** VOT Status lists' Complete (true: a VOT end date) and Not Complete (false). */
  complete?: boolean;
}

/**
 * The condition of a list: its category, the status, the scope and the searches. The name matches
 * anywhere, ignoring case (the trigram index on lower(name)); SP Code and Township DRTB Code match
 * from their beginning, ignoring case (text_pattern_ops indexes on lower()).
 */
export function listConditions(user: RequestUser, filter: PatientFilter): SQL | undefined {
  const status = filter.list === 'trash' ? PATIENT_STATUS.trash : PATIENT_STATUS.active;
  return and(
    eq(patients.status, status),
    LISTS[filter.list].where,
    scoped(status, user),
    filter.townshipIds.length ? inTownships(status, filter.townshipIds) : undefined,
    filter.complete === undefined ? undefined : filter.complete ? isNotNull(patients.DOT_end_date) : isNull(patients.DOT_end_date),
    filter.name ? sql`lower(${patients.name}) like ${`%${escapeLike(filter.name.toLowerCase())}%`}` : undefined,
    filter.SP_code ? sql`lower(${patients.SP_code}) like ${`${escapeLike(filter.SP_code.toLowerCase())}%`}` : undefined,
    filter.unique_id ? sql`lower(${patients.unique_id}) like ${`${escapeLike(filter.unique_id.toLowerCase())}%`}` : undefined,
  );
}

const township = alias(townships, 'township');
const recoverTownship = alias(townships, 'recover_township');
const toTownship = alias(townships, 'to_township');

const listColumns = {
  id: patients.id,
  year: patients.year,
  SP_code: patients.SP_code,
  name: patients.name,
  code: patients.code,
  plain_password_enc: patients.plain_password_enc,
  township: { id: township.id, name: township.name, abbreviation: township.abbreviation },
  recover_township: { id: recoverTownship.id, name: recoverTownship.name, abbreviation: recoverTownship.abbreviation },
  RR_code: patients.RR_code,
  DRTB_code: patients.DRTB_code,
  unique_id: patients.unique_id,
  dot_patient_id_gf: patients.dot_patient_id_gf,
  presumptive_TB_number: patients.presumptive_TB_number,
  age: patients.age,
  sex: patients.sex,
  TB_status: patients.TB_status,
  VOT_eligible: patients.VOT_eligible,
  VOT_accept: patients.VOT_accept,
  DOT_start_date: patients.DOT_start_date,
  DOT_end_date: patients.DOT_end_date,
  pure_or_hybrid: patients.pure_or_hybrid,
  status: patients.status,
};

/** Whether this user may see patients' initial app passwords (those who register and update patients). */
export const seesPasswords = (user: RequestUser) => can(user, 'patients', 'update');

const passwordOf = (key: Buffer, enc: string | null, reveal: boolean) => (reveal && enc ? decryptText(key, enc) : null);

/** One page of a patient list, newest first (the trash by when they were deleted), and its total. */
export async function listPatients(db: Database, key: Buffer, user: RequestUser, filter: PatientFilter, paging: Partial<Paging>) {
  const where = listConditions(user, filter);
  const order = filter.list === 'trash' ? [desc(patients.deleted_at), desc(patients.id)] : [desc(patients.id)];
  const query = db
    .select(listColumns)
    .from(patients)
    .leftJoin(township, eq(township.id, patients.township_id))
    .leftJoin(recoverTownship, eq(recoverTownship.id, patients.recover_township_id))
    .where(where)
    .orderBy(...order)
    .offset(paging.offset ?? 0);
  const { data, total } = await pageOf(query, db.select({ total: count() }).from(patients).where(where), paging.limit);
  const reveal = seesPasswords(user);
  return {
    data: data.map(({ plain_password_enc, ...row }) => ({ ...row, plain_password: passwordOf(key, plain_password_enc, reveal) }) satisfies PatientListRow),
    total,
  };
}

/** The rows of GET patients-export: flat, one join for the township, the list's order. */
export async function exportPatients(db: Database, key: Buffer, user: RequestUser, filter: PatientFilter): Promise<PatientExportRow[]> {
  const place = filter.list === 'trash' ? patients.recover_township_id : patients.township_id;
  const rows = await db
    .select({
      id: patients.id,
      SP_code: patients.SP_code,
      name: patients.name,
      code: patients.code,
      enc: patients.plain_password_enc,
      TSP: township.abbreviation,
      RR_code: patients.RR_code,
      DRTB_code: patients.DRTB_code,
      unique_id: patients.unique_id,
      age: patients.age,
      sex: patients.sex,
      year: patients.year,
      township: township.name,
      dot_patient_id_gf: patients.dot_patient_id_gf,
      presumptive_TB_number: patients.presumptive_TB_number,
      DOB: patients.DOB,
      treatment_start_date: patients.treatment_start_date,
      treatment_regimen: patients.treatment_regimen,
      patient_phone_no: patients.patient_phone_no,
      TB_status: patients.TB_status,
      treatment_status: patients.treatment_status,
      VOT_eligible: patients.VOT_eligible,
      VOT_accept: patients.VOT_accept,
      DOT_start_date: patients.DOT_start_date,
      DOT_end_date: patients.DOT_end_date,
      pure_or_hybrid: patients.pure_or_hybrid,
      report_period: patients.report_period,
    })
    .from(patients)
    .leftJoin(township, eq(township.id, place))
    .where(listConditions(user, filter))
    .orderBy(desc(patients.id));
  const reveal = seesPasswords(user);
  return rows.map(({ enc, ...row }) => ({ ...row, plain_password: passwordOf(key, enc, reveal) }) satisfies PatientExportRow);
}

const INVESTIGATION_SET = new Set(INVESTIGATION_COLUMNS);
const { password_hash: _hash, plain_password_enc: _enc, township_id: _t, recover_township_id: _r, TO_township_id: _to, volunteer_id: _v, deleted_at: _d, ...ownColumns } =
  getTableColumns(patients);

function selectPatient(db: Database) {
  return db
    .select({
      ...ownColumns,
      plain_password_enc: patients.plain_password_enc,
      township: { id: township.id, name: township.name, abbreviation: township.abbreviation },
      recover_township: { id: recoverTownship.id, name: recoverTownship.name, abbreviation: recoverTownship.abbreviation },
      TO_township: { id: toTownship.id, name: toTownship.name, abbreviation: toTownship.abbreviation },
      volunteer: { id: volunteers.id, name: volunteers.name },
      DOTs: sql<number>`(select count(*) from ${dots} where ${dots.patient_id} = ${patients.id})`.mapWith(Number),
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
    plain_password: passwordOf(key, plain_password_enc, reveal),
    investigations,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  } satisfies Patient;
}

/** One patient in the user's scope, of the status (either when none is given), or a 404. */
export async function findPatient(db: Database, key: Buffer, user: RequestUser, id: number, status?: PatientStatus): Promise<Patient> {
  const [row] = await selectPatient(db)
    .where(and(eq(patients.id, id), inStatusScope(user, status)))
    .limit(1);
  if (!row) throw new HttpError(404, PATIENT_NOT_FOUND);
  return toPatient(key, row, seesPasswords(user));
}

/**
 * GET dstb-patient-count: each list the user may read, counted in one pass over their patients
 * (active ones in their townships, the trash by recover township), with the lists' conditions.
 */
export async function countPatients(db: Database, user: RequestUser): Promise<PatientCounts> {
  const lists = (Object.keys(LISTS) as PatientList[]).filter((l) => l !== 'all' && can(user, LISTS[l].resource, 'read'));
  if (!lists.length) return {};
  const active = and(eq(patients.status, PATIENT_STATUS.active), scoped(PATIENT_STATUS.active, user));
  const trash = and(eq(patients.status, PATIENT_STATUS.trash), scoped(PATIENT_STATUS.trash, user));
  const columns = Object.fromEntries(
    lists.map((l) => [l, sql<number>`count(*) filter (where ${l === 'trash' ? trash : and(active, LISTS[l].where)})`.mapWith(Number)]),
  );
  const wantsTrash = lists.includes('trash');
  const wantsActive = lists.some((l) => l !== 'trash');
  const [row] = await db
    .select(columns)
    .from(patients)
    .where(wantsTrash && wantsActive ? or(active, trash) : wantsTrash ? trash : active);
  return row as PatientCounts;
}

/** The highest presumptive TB number of a township, trash included (its number stays taken). */
export async function latestPresumptiveNumber(db: Database, townshipId: number): Promise<number | null> {
  const [row] = await db
    .select({ latest: sql<number | null>`max(${patients.presumptive_TB_number})`.mapWith((v) => (v === null ? null : Number(v))) })
    .from(patients)
    .where(sql`coalesce(${patients.township_id}, ${patients.recover_township_id}) = ${townshipId}`);
  return row?.latest ?? null;
}
