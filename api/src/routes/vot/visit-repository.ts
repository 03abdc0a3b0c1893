import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { PATIENT_STATUS } from '@vot/shared/domain';
import type { VisitDetail, VisitExportRow, VisitFilterInput, VisitRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, patients, townships, volunteers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageOf } from '../../lib/paging';
import { inScope } from '../../lib/scope';
import type { RequestUser } from '../../plugins/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';

export const VISIT_NOT_FOUND = 'DOT not found.';

/**
 * Which records each visit list shows (SPEC.md §2, §7): the volunteer's visits (dot-list: own visit,
 * video observed, supervisor, the dashboard's with-volunteer records), the patient's own (VOT status:
 * video sent, the dashboard's without-volunteer records), and every record (the calendar). No-app
 * days have their grid and are in none of these.
 */
export const VISIT_LISTS = {
  withVolunteer: { works: [1, 2, 4, 5], newestFirst: true },
  withoutVolunteer: { works: [3, 6], newestFirst: true },
  // Page 1 of the calendar is the latest four weeks: what a field officer checks today.
  all: { works: null, newestFirst: true },
} as const;
export type VisitList = keyof typeof VISIT_LISTS;

/** The few patient columns the visit calls need, for an active patient in the user's scope (404 otherwise). */
export async function visitPatient(db: Database, user: RequestUser, id: number) {
  const [row] = await db
    .select({ id: patients.id, name: patients.name, DOT_start_date: patients.DOT_start_date, DOT_end_date: patients.DOT_end_date, type: patients.type, VOT_accept: patients.VOT_accept })
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.status, PATIENT_STATUS.active), inScope(patients.township_id, user)))
    .limit(1);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

const recordColumns = {
  id: dots.id,
  uuid: dots.uuid,
  patient_id: dots.patient_id,
  change_volunteer_id: dots.change_volunteer_id,
  date: dots.date,
  work: dots.work,
  work_status: dots.work_status,
  long: dots.long,
  minor_side_effects: dots.minor_side_effects,
  major_side_effects: dots.major_side_effects,
  actions: dots.actions,
  video: dots.video,
  sign: dots.sign,
  remark: dots.remark,
  late_remark: dots.late_remark,
  patient_condition: dots.patient_condition,
  created: dots.created,
  DOT_records: dots.DOT_records,
};

/** A list's conditions for one patient: its works, never no-app days, within the dates. */
function listWhere(list: VisitList, patientId: number | null, filter: VisitFilterInput): SQL | undefined {
  const works = VISIT_LISTS[list].works;
  return and(
    patientId === null ? undefined : eq(dots.patient_id, patientId),
    ne(dots.created, 'no-app'),
    works ? inArray(dots.work, [...works]) : undefined,
    filter.start_date ? gte(dots.date, filter.start_date) : undefined,
    filter.end_date ? lte(dots.date, filter.end_date) : undefined,
  );
}

function listOrder(list: VisitList) {
  return VISIT_LISTS[list].newestFirst ? [desc(dots.date), desc(dots.id)] : [asc(dots.date), asc(dots.id)];
}

/** One page of a patient's visit list and its total (the patient is already checked to be in scope). */
export function listVisits(db: Database, list: VisitList, patientId: number, filter: VisitFilterInput, limit: number | undefined, offset: number) {
  const where = listWhere(list, patientId, filter);
  const rows = db
    .select(recordColumns)
    .from(dots)
    .where(where)
    .orderBy(...listOrder(list))
    .offset(offset);
  return pageOf<VisitRecord>(rows, db.select({ total: count() }).from(dots).where(where), limit);
}

/** A visit record with its patient, township and who made it, in the user's scope; 404 otherwise. */
export async function findVisit(db: Database, user: RequestUser, id: number) {
  const [row] = await db
    .select({
      record: recordColumns,
      patient: { name: patients.name, dot_patient_id_gf: patients.dot_patient_id_gf },
      township: { name: sql<string>`coalesce(${townships.name}, '')` },
      entry_id: changeVolunteers.id,
      entry_type: changeVolunteers.type,
      volunteer_name: volunteers.name,
      volunteer_code: volunteers.code,
      volunteer_id_gf: volunteers.volunteer_id_gf,
    })
    .from(dots)
    .innerJoin(patients, eq(patients.id, dots.patient_id))
    .leftJoin(townships, eq(townships.id, patients.township_id))
    .leftJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
    .leftJoin(volunteers, eq(volunteers.id, changeVolunteers.volunteer_id))
    .where(and(eq(dots.id, id), eq(patients.status, PATIENT_STATUS.active), inScope(patients.township_id, user)))
    .limit(1);
  if (!row) throw notFound(VISIT_NOT_FOUND);
  const detail: Omit<VisitDetail, 'video_url' | 'sign_url'> = {
    ...row.record,
    patient: row.patient,
    township: row.township,
    change_volunteer:
      row.entry_id === null
        ? null
        : { type: row.entry_type, volunteer: row.volunteer_name === null ? null : { name: row.volunteer_name, code: row.volunteer_code!, volunteer_id_gf: row.volunteer_id_gf } },
  };
  return detail;
}

/** "Name × 2, Name × 1": a record's medicines in one cell of an export. */
const medicinesCell = sql<string>`coalesce((select string_agg(m->>'medicine_name' || ' x ' || (m->>'quantity'), ', ') from jsonb_array_elements(${dots.DOT_records}) m), '')`;

/**
 * The rows of a visit export, in the list's order: one patient's ('DOT-APP' is the dot-list's,
 * 'All-VOT' every record) or every patient's in the user's scope ('All-Patient-VOTs', `patientId` null).
 */
export async function exportVisits(db: Database, user: RequestUser, list: VisitList, patientId: number | null, filter: VisitFilterInput & { township_id?: number }): Promise<VisitExportRow[]> {
  const rows = await db
    .select({
      id: dots.id,
      date: dots.date,
      work: dots.work,
      work_status: dots.work_status,
      medicines: medicinesCell,
      long: dots.long,
      minor_side_effects: dots.minor_side_effects,
      major_side_effects: dots.major_side_effects,
      actions: dots.actions,
      remark: dots.remark,
      late_remark: dots.late_remark,
      patient_condition: dots.patient_condition,
      created: dots.created,
      patient_name: patients.name,
      dot_patient_id_gf: patients.dot_patient_id_gf,
      township_name: sql<string>`coalesce(${townships.name}, '')`,
      volunteer_name: volunteers.name,
      volunteer_code: volunteers.code,
      type: changeVolunteers.type,
    })
    .from(dots)
    .innerJoin(patients, eq(patients.id, dots.patient_id))
    .leftJoin(townships, eq(townships.id, patients.township_id))
    .leftJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
    .leftJoin(volunteers, eq(volunteers.id, changeVolunteers.volunteer_id))
    .where(
      and(
        listWhere(list, patientId, filter),
        eq(patients.status, PATIENT_STATUS.active),
        inScope(patients.township_id, user),
        filter.township_id ? eq(patients.township_id, filter.township_id) : undefined,
      ),
    )
    .orderBy(...(patientId === null ? [asc(patients.id)] : []), ...listOrder(list));
  return rows.map(({ patient_name, dot_patient_id_gf, township_name, volunteer_name, volunteer_code, ...r }) => ({
    ...r,
    patient: { name: patient_name, dot_patient_id_gf },
    township: { name: township_name },
    volunteer: volunteer_name === null ? null : { name: volunteer_name, code: volunteer_code! },
  }));
}
