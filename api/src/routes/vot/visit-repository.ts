import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PATIENT_STATUS, VISIT_EXPORT_PAGE_SIZE, videoStateOf } from '@vot/shared/domain';
import type { VisitFiles } from '../../files/visit-links';
import type { VisitDetail, VisitExportPage, VisitExportRow, VisitFilterInput, VisitRecord } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots, patients, townships, volunteers } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { UNNAMED, builtStatements } from '../../lib/built-statements';
import { inGivenScope, inScope, isScopeBounded, scopeValues } from '../../lib/scope';
import type { RequestUser } from '../../http/auth';
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
    .select({
      id: patients.id,
      name: patients.name,
      DOT_start_date: patients.DOT_start_date,
      DOT_end_date: patients.DOT_end_date,
      type: patients.type,
      VOT_accept: patients.VOT_accept,
    })
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.status, PATIENT_STATUS.active), inScope(patients.township_id, user)))
    .limit(1);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

type RecordRead = VisitFiles & { video_awaited: boolean; created_at: Date };
/** A record as read (recordColumns) as answered: where its video is, instead of the columns that tell it. */
function answered<T extends RecordRead>({ video_awaited: _a, created_at: _c, ...row }: T) {
  return { ...row, video_state: videoStateOf({ video: row.video, video_awaited: _a, created_at: _c }) };
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
  video_awaited: dots.video_awaited,
  created_at: dots.created_at,
  sign: dots.sign,
  remark: dots.remark,
  late_remark: dots.late_remark,
  patient_condition: dots.patient_condition,
  created: dots.created,
  DOT_records: dots.DOT_records,
};

/** A value, or the placeholder a built statement takes it by (lib/built-statements.ts). */
type Given<T> = T | Placeholder;
type DatesGiven = { start_date?: Given<string>; end_date?: Given<string> };

/** A list's conditions for one patient: its works, never no-app days, within the dates. */
function listWhere(list: VisitList, patientId: Given<number> | null, filter: DatesGiven): SQL | undefined {
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

/**
 * Whether the patient is active and in the user's scope, as a condition: a list's rows are read
 * under it and its total says whether it held, so the scope check, the page and the total are one
 * round trip (the page's statements run at once), not a read of the patient first.
 */
export function patientFound(bounded: boolean, patientId: Given<number>): SQL {
  return sql`exists (select 1 from ${patients} where ${and(eq(patients.id, patientId), eq(patients.status, PATIENT_STATUS.active), inGivenScope(patients.township_id, bounded))})`;
}

/** The total of a patient's list with whether the patient was found (patientFound): a 404 if not. */
async function foundTotal<T extends { found: boolean }>(counted: PromiseLike<T[]>): Promise<T> {
  const [row] = await counted;
  if (!row?.found) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

/**
 * A patient read's built statement (a visit list, the no-app grid): what shapes it — whether the user
 * is limited to townships, which dates are given, paged or whole — and the values it runs with (the
 * patient, the dates, limit and offset, the townships: lib/scope.ts inGivenScope). Never a user's
 * values in the shape, so the named statements stay few (lib/built-statements.ts).
 */
export function patientRead(
  user: RequestUser,
  patientId: number,
  filter: VisitFilterInput,
  limit: number | undefined,
  offset: number,
) {
  const bounded = isScopeBounded(user);
  const dates = { start: Boolean(filter.start_date), end: Boolean(filter.end_date) };
  const paged = limit !== undefined;
  return {
    bounded,
    dates,
    paged,
    shape: [bounded, dates.start, dates.end, paged],
    values: { patient: patientId, start: filter.start_date, end: filter.end_date, limit, offset, ...scopeValues(user) },
  };
}
export type GivenDates = ReturnType<typeof patientRead>['dates'];

/** The date conditions' placeholders of a patient read for the dates given (patientRead). */
export const datePlaceholders = (dates: GivenDates) => ({
  start_date: dates.start ? sql.placeholder('start') : undefined,
  end_date: dates.end ? sql.placeholder('end') : undefined,
});

/**
 * A visit list's statements for a shape (the list, the user's scope, which dates are given, paged
 * or whole), built once (lib/built-statements.ts). The page is one statement: its rows carry the
 * total (an uncorrelated subquery, counted once) and are read only where the patient is found, so
 * a page with rows is the whole answer; an empty page (no records yet, past the last page, or no
 * such patient) asks the total and the patient again (`recount`). The page is named: its plan is the
 * same for every patient.
 */
const visitPages = builtStatements<ReturnType<typeof buildVisitPage>>('visit_page');

function buildVisitPage(
  db: Database,
  bounded: boolean,
  list: VisitList,
  dates: GivenDates,
  paged: boolean,
  name: string,
) {
  const where = listWhere(list, sql.placeholder('patient'), datePlaceholders(dates));
  const found = patientFound(bounded, sql.placeholder('patient'));
  const counted = db.select({ total: count() }).from(dots).where(where);
  const rows = db
    .select({ ...recordColumns, total: sql<number>`(${counted})`.mapWith(Number) })
    .from(dots)
    .where(and(where, found))
    .orderBy(...listOrder(list))
    .offset(sql.placeholder('offset'));
  return {
    page: (paged ? rows.limit(sql.placeholder('limit')) : rows).prepare(name),
    recount: db
      .select({ total: count(), found: sql<boolean>`${found}` })
      .from(dots)
      .where(where)
      .prepare(UNNAMED),
  };
}

/** One page of a patient's visit list and its total; 404 for a patient not active or not in the user's scope. */
export async function listVisits(
  db: Database,
  user: RequestUser,
  list: VisitList,
  patientId: number,
  filter: VisitFilterInput,
  limit: number | undefined,
  offset: number,
) {
  const { bounded, dates, paged, shape, values } = patientRead(user, patientId, filter, limit, offset);
  const built = visitPages(db, [list, ...shape], (name) => buildVisitPage(db, bounded, list, dates, paged, name));
  const page = await built.page.execute(values);
  const data: VisitRecord[] = page.map(({ total: _total, ...record }) => answered(record));
  if (page.length) return { data, total: page[0]!.total };
  const { total } = await foundTotal(built.recount.execute(values));
  return { data, total };
}

/** findVisit's statement for a scope, built once and named (its plan is the same for every record). */
const visitDetails = builtStatements<ReturnType<typeof buildFindVisit>>('visit_detail');

function buildFindVisit(db: Database, bounded: boolean, name: string) {
  return db
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
    .where(
      and(
        eq(dots.id, sql.placeholder('id')),
        eq(patients.status, PATIENT_STATUS.active),
        inGivenScope(patients.township_id, bounded),
      ),
    )
    .limit(1)
    .prepare(name);
}

/**
 * A visit record with its patient, township and who made it, in the user's scope; 404 otherwise.
 * In a transaction (`{ inTransaction: true }`, `db` the transaction) the statement is built each
 * time, unnamed: a kept statement belongs to the pool.
 */
export async function findVisit(db: Database, user: RequestUser, id: number, { inTransaction = false } = {}) {
  const bounded = isScopeBounded(user);
  const statement = inTransaction
    ? buildFindVisit(db, bounded, UNNAMED)
    : visitDetails(db, [bounded], (name) => buildFindVisit(db, bounded, name));
  const [row] = await statement.execute({ id, ...scopeValues(user) });
  if (!row) throw notFound(VISIT_NOT_FOUND);
  const detail: Omit<VisitDetail, 'video_url' | 'sign_url'> = {
    ...answered(row.record),
    patient: row.patient,
    township: row.township,
    change_volunteer:
      row.entry_id === null
        ? null
        : {
            type: row.entry_type,
            volunteer:
              row.volunteer_name === null
                ? null
                : { name: row.volunteer_name, code: row.volunteer_code!, volunteer_id_gf: row.volunteer_id_gf },
          },
  };
  return detail;
}

/** "Name × 2, Name × 1": a record's medicines in one cell of an export. */
const medicinesCell = sql<string>`coalesce((select string_agg(m->>'medicine_name' || ' x ' || (m->>'quantity'), ', ') from jsonb_array_elements(${dots.DOT_records}) m), '')`;

/** The rows of a visit export under `where` (the patient active and in the user's scope added), with their joins. */
function exportRows(db: Database, user: RequestUser, where: SQL | undefined) {
  return db
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
    .where(and(where, eq(patients.status, PATIENT_STATUS.active), inScope(patients.township_id, user)));
}

type ExportedRow = Awaited<ReturnType<typeof exportRows>>[number];
const exportRow = ({
  patient_name,
  dot_patient_id_gf,
  township_name,
  volunteer_name,
  volunteer_code,
  ...r
}: ExportedRow): VisitExportRow => ({
  ...r,
  patient: { name: patient_name, dot_patient_id_gf },
  township: { name: township_name },
  volunteer: volunteer_name === null ? null : { name: volunteer_name, code: volunteer_code! },
});

/** The rows of one patient's visit export, in the list's order ('DOT-APP' is the dot-list's, 'All-VOT' every record). */
export async function exportVisits(
  db: Database,
  user: RequestUser,
  list: VisitList,
  patientId: number,
  filter: VisitFilterInput,
): Promise<VisitExportRow[]> {
  const rows = await exportRows(db, user, listWhere(list, patientId, filter)).orderBy(...listOrder(list));
  return rows.map(exportRow);
}

export const EXPORT_CHANGED = 'The visit records changed during the export. Please export again.';

/**
 * One page of 'All-Patient-VOTs': every patient's visit records in the dates (and township), in the
 * user's scope, newest patient first and each patient's records newest first, as a keyset on
 * (patient, date, id) that the visit index (dots_patient_list_idx) reads backwards. `after` is the
 * previous page's last record; if it has been deleted since, its place is lost and the export must
 * start again (409). Never the whole export at once: a national one runs to millions of records.
 */
export async function exportAllPatientVisits(
  db: Database,
  user: RequestUser,
  filter: VisitFilterInput & { township_id?: number },
  after?: number,
  pageSize: number = VISIT_EXPORT_PAGE_SIZE,
): Promise<VisitExportPage> {
  let before: SQL | undefined;
  if (after !== undefined) {
    const [last] = await db
      .select({ patient_id: dots.patient_id, date: dots.date })
      .from(dots)
      .where(eq(dots.id, after))
      .limit(1);
    if (!last) throw conflict(EXPORT_CHANGED);
    before = sql`(${dots.patient_id}, ${dots.date}, ${dots.id}) < (${last.patient_id}, ${last.date}::date, ${after})`;
  }
  const rows = await exportRows(
    db,
    user,
    and(
      listWhere('all', null, filter),
      filter.township_id ? eq(patients.township_id, filter.township_id) : undefined,
      before,
    ),
  )
    .orderBy(desc(dots.patient_id), desc(dots.date), desc(dots.id))
    // One row more than the page tells whether another follows.
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize).map(exportRow);
  return { data: page, next: rows.length > pageSize ? page[page.length - 1]!.id : null, status: 'success' };
}
