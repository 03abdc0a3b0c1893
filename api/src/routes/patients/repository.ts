import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MISSED_RUN_WARNING, PATIENT_PAGE_SIZE, PATIENT_STATUS, type PatientCategory } from '@vot/shared/domain';
import { can, type Resource } from '@vot/shared/permissions';
import { type LedgerSummary, type PatientListRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { intLiteral } from '../../db/rows';
import { PATIENT_LIST_BITS, patientListCounts, patients, townships } from '../../db/schema';
import { YANGON_TODAY, ledgerToday, rolledUpMissedRunSql, rolledUpSummaryOfRowSql } from '../../ledger';
import { UNNAMED, builtStatements } from '../../lib/built-statements';
import type { Paging } from '../../lib/paging';
import { townshipScope } from '../../lib/scope';
import { revealedPassword } from '../../lib/secrets';
import type { RequestUser } from '../../http/auth';
import { recoverTownship, township, townshipRef } from '../townships/repository';
import {
  SEARCH_TOTAL_LIMIT,
  knownPage,
  nameSearch,
  nameWords,
  searchPage,
  searchValue,
  searchValues,
  type PageWay,
  type SearchValues,
} from './search';

export { CODE_PIECE, SEARCH_TOTAL_LIMIT, searchPage } from './search';

export const PATIENT_NOT_FOUND = 'Patient not found.';

export type PatientStatus = (typeof PATIENT_STATUS)[keyof typeof PATIENT_STATUS];

/** A list of GET patients: a category of PATIENT_CATEGORIES, or 'all' (no flag: every active patient). */
export type PatientList = PatientCategory | 'all';

/**
 * What each patient list holds (docs/decisions/0060), and the resource whose read
 * (and export) opens it: the patient's status, and a bit of patients.lists (a column the database
 * computes, db/schema/patients.ts) where the list is narrower than the status. Lists, their totals and the menu
 * counts all take their condition from here.
 */
export const onVot = and(eq(patients.VOT_accept, 'Yes'), isNotNull(patients.DOT_start_date));

/**
 * A list of active patients narrower than a bit of patients.lists: the VOT Status lists, by the
 * latest pure/hybrid entry (api/src/routes/vot). Their totals are counted, not summed from
 * patient_list_counts: patients on VOT are a few percent of the registered.
 */
const votList = (where: SQL | undefined) => ({ resource: 'vot-status' as const, status: PATIENT_STATUS.active, where });

export const LISTS: Record<PatientList, { resource: Resource; status: PatientStatus; bit?: number; where?: SQL }> = {
  all: { resource: 'patients', status: PATIENT_STATUS.active },
  tb: { resource: 'patients', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.tb },
  noSpCode: { resource: 'patients', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.noSpCode },
  noDot: { resource: 'patients', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.noDot },
  screened: { resource: 'vot-eligible', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.screened },
  eligible: { resource: 'vot-eligible', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.eligible },
  acceptable: { resource: 'vot-eligible', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.acceptable },
  declined: { resource: 'vot-eligible', status: PATIENT_STATUS.active, bit: PATIENT_LIST_BITS.declined },
  clinic: { resource: 'clinic-patients', status: PATIENT_STATUS.active },
  trash: { resource: 'trash', status: PATIENT_STATUS.trash },
  pure: votList(and(onVot, eq(patients.pure_or_hybrid, 'Pure'))),
  pureWithVolunteer: votList(and(onVot, eq(patients.pure_or_hybrid, 'Pure'), isNotNull(patients.volunteer_id))),
  pureWithoutVolunteer: votList(and(onVot, eq(patients.pure_or_hybrid, 'Pure'), isNull(patients.volunteer_id))),
  hybrid: votList(and(onVot, eq(patients.pure_or_hybrid, 'Hybrid'))),
  // The dose ledger's early warning: still on VOT (no end date) and MISSED_RUN_WARNING days or more
  // missed in a row up to today (the ledger's roll-up, api/src/ledger/rollup.ts; today by the
  // database's Yangon clock, so the list and its menu count are one condition).
  missedDoses: votList(
    and(onVot, isNull(patients.DOT_end_date), rolledUpMissedRunSql(MISSED_RUN_WARNING, YANGON_TODAY)),
  ),
};

/** The VOT Status lists (and the missed-dose list) show each patient's dose ledger. */
export const showsLedger = (list: PatientList) => LISTS[list].resource === 'vot-status';

/**
 * The ledger column of a page or an export on the lists that show it (showsLedger; elsewhere the
 * rows have no ledger key): each row's ledger as of today from the roll-up, read by the page's own
 * query, not a second round trip (docs/decisions/0066).
 */
export const ledgerColumn = () => sql<LedgerSummary | null>`${rolledUpSummaryOfRowSql(ledgerToday())}`;

// The list's status and bit are the code's constants, written into the text (docs/decisions/0219).
const hasBit = (column: AnyPgColumn, bit: number | undefined) =>
  bit === undefined ? undefined : sql`(${column} & ${intLiteral(bit)}) <> 0`;
const hasStatus = (status: number) => sql`${patients.status} = ${intLiteral(status)}`;

/** The township that places a patient: its township while active, its recover township in the trash. */
const townshipColumn = (status: PatientStatus) =>
  status === PATIENT_STATUS.trash ? patients.recover_township_id : patients.township_id;

const inTownships = (status: PatientStatus, ids: number[]) =>
  ids.length ? inArray(townshipColumn(status), ids) : sql`false`;

/** The user's scope over patients of one status (undefined: not limited). */
export function scoped(status: PatientStatus, user: RequestUser): SQL | undefined {
  const scope = townshipScope(user);
  return scope === null ? undefined : inTownships(status, scope);
}

/** A patient of the status within the user's scope; of either status when none is given. */
export function inStatusScope(user: RequestUser, status?: PatientStatus): SQL | undefined {
  if (status !== undefined) return and(eq(patients.status, status), scoped(status, user));
  const scope = townshipScope(user);
  if (scope === null) return undefined;
  return or(
    and(eq(patients.status, PATIENT_STATUS.active), scoped(PATIENT_STATUS.active, user)),
    and(eq(patients.status, PATIENT_STATUS.trash), scoped(PATIENT_STATUS.trash, user)),
  );
}

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
 * At most this many townships, an active list's name search is tested on patients_township_idx's
 * own column (nameSearch). A township holds about 1 500 patients at 500 000 in 330 townships, and the
 * test costs about 1.5 µs a patient on the bench machine: three townships cost what the GIN index
 * costs for a common name part.
 */
const FEW_TOWNSHIPS = 3;

/** Whether an active list is limited to FEW_TOWNSHIPS or fewer: the user's scope, or the townships chosen. */
function inFewTownships(user: RequestUser, filter: PatientFilter, status: PatientStatus): boolean {
  if (status !== PATIENT_STATUS.active) return false;
  const scope = townshipScope(user);
  return (
    (scope !== null && scope.length <= FEW_TOWNSHIPS) ||
    (filter.townshipIds.length > 0 && filter.townshipIds.length <= FEW_TOWNSHIPS)
  );
}

/**
 * The condition of a list: its category, the status, the scope and the searches. The name by the
 * beginnings of its words (nameSearch); SP Code and Township DRTB Code by a piece anywhere in them,
 * ignoring case (codePattern). The searches are placeholders (a query with this condition runs with
 * searchValues(filter)), or the values themselves when given.
 */
export function listConditions(user: RequestUser, filter: PatientFilter, values?: SearchValues): SQL | undefined {
  const { status, bit, where } = LISTS[filter.list];
  return and(
    hasStatus(status),
    hasBit(patients.lists, bit),
    where,
    filter.complete === undefined
      ? undefined
      : filter.complete
        ? isNotNull(patients.DOT_end_date)
        : isNull(patients.DOT_end_date),
    scoped(status, user),
    filter.townshipIds.length ? inTownships(status, filter.townshipIds) : undefined,
    filter.name ? nameSearch(filter.name, inFewTownships(user, filter, status), values) : undefined,
    filter.SP_code ? sql`lower(${patients.SP_code}) like ${searchValue('SP_code', values)}` : undefined,
    filter.unique_id ? sql`lower(${patients.unique_id}) like ${searchValue('unique_id', values)}` : undefined,
  );
}

/** The counted patients of the user's townships (and of the chosen ones), by patient_list_counts' township. */
export function countedTownships(user: RequestUser, townshipIds: number[] = []): SQL | undefined {
  const scope = townshipScope(user);
  return and(
    scope === null ? undefined : scope.length ? inArray(patientListCounts.township_id, scope) : sql`false`,
    townshipIds.length ? inArray(patientListCounts.township_id, townshipIds) : undefined,
  );
}

/**
 * A list's total. Without a search it is a sum over patient_list_counts (a few rows per township),
 * not a count of every patient in the list: the national lists hold hundreds of thousands.
 */
function totalOf(db: Database, user: RequestUser, filter: PatientFilter, where: SQL | undefined) {
  if (filter.name || filter.SP_code || filter.unique_id) {
    const matches = db.select({ id: patients.id }).from(patients).where(where).limit(SEARCH_TOTAL_LIMIT).as('matches');
    // With the counted matches' ids (a search's page when they are all of them), the ids they span
    // and the newest id: how dense the matches are (searchPage).
    return db
      .select({
        total: count(),
        lowest: sql<number | null>`min(${matches.id})`.mapWith(Number),
        highest: sql<number | null>`max(${matches.id})`.mapWith(Number),
        newest: sql<number | null>`(select max(${patients.id}) from ${patients})`.mapWith(Number),
        ids: sql<number[] | null>`array_agg(${matches.id})`,
      })
      .from(matches);
  }
  if (LISTS[filter.list].where || filter.complete !== undefined)
    return db.select({ total: count() }).from(patients).where(where);
  const { status, bit } = LISTS[filter.list];
  return db
    .select({ total: sql<number>`coalesce(sum(${patientListCounts.n}), 0)`.mapWith(Number) })
    .from(patientListCounts)
    .where(
      and(
        eq(patientListCounts.status, status),
        hasBit(patientListCounts.lists, bit),
        countedTownships(user, filter.townshipIds),
      ),
    );
}

export const toTownship = alias(townships, 'to_township');

const listColumns = {
  id: patients.id,
  year: patients.year,
  SP_code: patients.SP_code,
  name: patients.name,
  code: patients.code,
  // Encrypted as stored; revealed (or null) in place by listPatients, as the export does.
  plain_password: patients.plain_password_enc,
  township: townshipRef(township),
  recover_township: townshipRef(recoverTownship),
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
  volunteer_id: patients.volunteer_id,
};

/** Whether this user may see patients' initial app passwords (patient-passwords/read: those who register and update patients). */
export const seesPasswords = (user: RequestUser) => can(user, 'patient-passwords', 'read');

/** SPEC.md §2 lists show the Password column; the trash does not hand out sign-ins. */
export const revealsIn = (filter: PatientFilter, user: RequestUser) => filter.list !== 'trash' && seesPasswords(user);

/** Whether a list is searched (a name or a code): its matches are counted before its page is read (pageAndTotal). */
const searched = (filter: PatientFilter) => Boolean(filter.name || filter.SP_code || filter.unique_id);

/** The order of a list's page: newest first, the trash by when they were deleted, searches as explained below. */
function orderOf(filter: PatientFilter, way: PageWay) {
  return filter.list === 'trash'
    ? [desc(patients.deleted_at), desc(patients.id)]
    : way === 'sort'
      ? // A search's matches too sparse among the newest (searchPage): the planner, taking them as
        // spread evenly, would walk the primary key back through the country to find ten of them
        // ("thida" in a Field Officer's two townships; codes are issued in time order, so
        // an old code's matches sit among the oldest ids). `+ 0` keeps the plan on the search's own
        // index and sorts its matches.
        [sql`${patients.id} + 0 desc`]
      : [desc(patients.id)];
}

/**
 * A page of a list, its limit and offset placeholders (`at`). The page is taken from patients
 * alone, then joined (townships, the ledger) for its rows only. A join before the limit let the
 * planner, which takes a VOT list for a handful of patients (its conditions are correlated), join
 * and sort the whole list (10 000 rows) for each page.
 */
function pageRows(db: Database, filter: PatientFilter, where: SQL | undefined, way: PageWay) {
  const order = orderOf(filter, way);
  const page = db
    .select({ id: patients.id })
    .from(patients)
    // The page's ids known (a name search's count found them): read by the primary key, still under
    // the list's conditions, so a patient moved or trashed since the count is not shown.
    .where(way === 'known' ? and(where, sql`${patients.id} = any(${sql.placeholder('ids')}::int[])`) : where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return (
    db
      // The ledger only on the lists that show it, the phone only on the list of patients to call
      // today (Missed Doses): no key at all elsewhere.
      .select({
        ...listColumns,
        ...(showsLedger(filter.list) ? { ledger: ledgerColumn() } : {}),
        ...(filter.list === 'missedDoses' ? { patient_phone_no: patients.patient_phone_no } : {}),
      })
      .from(page)
      .innerJoin(patients, eq(patients.id, page.id))
      .leftJoin(township, eq(township.id, patients.township_id))
      .leftJoin(recoverTownship, eq(recoverTownship.id, patients.recover_township_id))
      .orderBy(...order)
  );
}

/**
 * The built statements (page and total) of the lists, by what shapes their SQL: the list, Complete,
 * the user's scope, the townships chosen, on a list with the ledger today, which searches are made
 * (the name by its number of words) and the order a name search's count chose. Only the page's limit
 * and offset and the searches' values (searchValues) change between requests (lib/built-statements.ts).
 */
const listShapes = builtStatements<ReturnType<typeof buildList>>();

function buildList(db: Database, user: RequestUser, filter: PatientFilter, way: PageWay) {
  const where = listConditions(user, filter);
  return {
    rows: pageRows(db, filter, where, way).prepare(UNNAMED),
    total: totalOf(db, user, filter, where).prepare(UNNAMED),
  };
}

function builtList(db: Database, user: RequestUser, filter: PatientFilter, way: PageWay = 'walk') {
  const searches = [
    filter.name === undefined ? null : nameWords(filter.name).length,
    Boolean(filter.SP_code),
    Boolean(filter.unique_id),
    way,
  ];
  const shape = [
    filter.list,
    filter.complete ?? null,
    townshipScope(user),
    filter.townshipIds,
    showsLedger(filter.list) ? ledgerToday() : null,
    searches,
  ];
  return listShapes(db, shape, () => buildList(db, user, filter, way));
}

/** A page of the list and its total, asked at once (a search: its count first). */
async function pageAndTotal(
  db: Database,
  user: RequestUser,
  filter: PatientFilter,
  at: { limit: number; offset: number },
) {
  const values = { ...searchValues(filter), ...at };
  if (!searched(filter)) {
    const { rows, total } = builtList(db, user, filter);
    return Promise.all([rows.execute(values), total.execute(values)]);
  }
  // A search is counted first (its index finds the matches, up to SEARCH_TOTAL_LIMIT): when those
  // are all of them, the page is theirs; else how densely they lie decides its order.
  const counted = await builtList(db, user, filter).total.execute(values);
  const way = searchPage(counted[0], at);
  if (way !== 'known') return Promise.all([builtList(db, user, filter, way).rows.execute(values), counted]);
  const ids = knownPage(counted[0], at);
  return [
    ids.length ? await builtList(db, user, filter, way).rows.execute({ ...values, ids, offset: 0 }) : [],
    counted,
  ] as const;
}

/** One page of a patient list, newest first (the trash by when they were deleted), and its total. */
export async function listPatients(
  db: Database,
  key: Buffer,
  user: RequestUser,
  filter: PatientFilter,
  paging: Partial<Paging>,
) {
  const [data, totals] = await pageAndTotal(db, user, filter, {
    limit: paging.limit ?? PATIENT_PAGE_SIZE,
    offset: paging.offset ?? 0,
  });
  const total = totals[0]?.total ?? 0;
  const reveal = revealsIn(filter, user);
  for (const row of data) row.plain_password = revealedPassword(key, row.plain_password, reveal);
  return { data: data satisfies PatientListRow[], total };
}

/** One patient (find.ts), where the patient routes have always found it. */
export { findPatient } from './find';
