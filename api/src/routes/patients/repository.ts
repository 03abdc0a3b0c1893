import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  MISSED_RUN_WARNING,
  PATIENT_EXPORT_PAGE_SIZE,
  PATIENT_PAGE_SIZE,
  PATIENT_STATUS,
  type PatientCategory,
} from '@vot/shared/domain';
import { can, type Resource } from '@vot/shared/permissions';
import {
  INVESTIGATION_COLUMNS,
  type LedgerSummary,
  type Patient,
  type PatientCounts,
  type PatientExportPage,
  type PatientExportRow,
  type PatientListRow,
} from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { PATIENT_LIST_BITS, dots, patientListCounts, patients, townships, volunteers } from '../../db/schema';
import { YANGON_TODAY, ledgerToday, rolledUpMissedRunSql, rolledUpSummaryOfRowSql } from '../../ledger';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../lib/http-errors';
import { UNNAMED, builtStatements } from '../../lib/built-statements';
import type { Paging } from '../../lib/paging';
import { townshipScope } from '../../lib/scope';
import { revealedPassword } from '../../lib/secrets';
import type { RequestUser } from '../../plugins/auth';
import { recoverTownship, township, townshipRef } from '../townships/repository';

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
const onVot = and(eq(patients.VOT_accept, 'Yes'), isNotNull(patients.DOT_start_date));

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
const showsLedger = (list: PatientList) => LISTS[list].resource === 'vot-status';

/**
 * The ledger column of a page or an export on the lists that show it (showsLedger; elsewhere the
 * rows have no ledger key): each row's ledger as of today from the roll-up, read by the page's own
 * query, not a second round trip (docs/decisions/0066).
 */
const ledgerColumn = () => sql<LedgerSummary | null>`${rolledUpSummaryOfRowSql(ledgerToday())}`;

const hasBit = (column: AnyPgColumn, bit: number | undefined) =>
  bit === undefined ? undefined : sql`(${column} & ${bit}) <> 0`;

/** The township that places a patient: its township while active, its recover township in the trash. */
const townshipColumn = (status: PatientStatus) =>
  status === PATIENT_STATUS.trash ? patients.recover_township_id : patients.township_id;

const inTownships = (status: PatientStatus, ids: number[]) =>
  ids.length ? inArray(townshipColumn(status), ids) : sql`false`;

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
  return or(
    and(eq(patients.status, PATIENT_STATUS.active), scoped(PATIENT_STATUS.active, user)),
    and(eq(patients.status, PATIENT_STATUS.trash), scoped(PATIENT_STATUS.trash, user)),
  );
}

/**
 * The name search: every word typed begins a word of the name, in any order, ignoring case ("myint
 * nai" finds "Aung Myint Naing"). Nationally through patients.name_prefixes and its GIN index
 * (docs/decisions/0065). Within a few townships (`inFewTownships`)
 * the same test is made on the name that patients_township_idx carries, by a regular expression per
 * word (`(^|\s)word`, searchValues), so the index alone answers it: the GIN index would read every
 * match in the country first (48 000 for "thida", 10 ms) to keep the few of two townships (docs/decisions/0065,
 * 0066). Both split words on white space as drizzle/0012's
 * patient_name_prefixes does (PostgreSQL's `\s` in both).
 */
export function nameSearch(name: string, inFewTownships = false, values?: SearchValues): SQL | undefined {
  const words = nameWords(name);
  if (!words.length) return undefined;
  if (inFewTownships)
    return and(...words.map((_, i) => sql`lower(${patients.name}) ~ ${searchValue(`wordStart${i}`, values)}`));
  return sql`${patients.name_prefixes} @> array[${sql.join(
    words.map((_, i) => searchValue(`word${i}`, values)),
    sql`, `,
  )}]::text[]`;
}

type SearchValues = Record<string, string>;

/** A search's value in a condition: its placeholder in a statement built once (run with searchValues), or the value itself. */
const searchValue = (name: string, values?: SearchValues) => (values ? sql`${values[name]}` : sql.placeholder(name));

const nameWords = (name: string) => [...new Set(name.toLowerCase().split(/\s+/).filter(Boolean))];

/** `%`, `_` and `\` typed in a search are themselves, not LIKE patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A typed word as itself in a PostgreSQL regular expression: a backslash before an ASCII character
 * that is not a letter or digit makes it literal; other characters (Burmese letters included) are
 * literal already, and a backslash before a letter would start an escape.
 */
const escapeRegex = (text: string) => text.replace(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, (c) => `\\${c}`);

/**
 * A code typed this long or longer is searched anywhere in the code, ignoring case: staff quote a
 * code's running number ("014" finds SP-INS-014, "26-104" HTY-26-104), found through a trigram
 * index of the code (patients_sp_code_trgm_idx, patients_unique_id_trgm_idx). Shorter, from the
 * code's beginning (text_pattern_ops): a trigram index has nothing to look up for one or two
 * characters, so a piece that short anywhere would read every code in the country.
 */
export const CODE_PIECE = 3;

/** The LIKE pattern of a typed code: anywhere, or from the beginning when shorter than CODE_PIECE. */
const codePattern = (typed: string) => {
  const text = escapeLike(typed.toLowerCase());
  return [...typed].length >= CODE_PIECE ? `%${text}%` : `${text}%`;
};

/**
 * The values of a list's searches, for their placeholders in listConditions (`word0`… and
 * `wordStart0`… of the name, the codes' LIKE patterns): a list's SQL has the same shape whatever is
 * typed (builtList).
 */
function searchValues(filter: PatientFilter): SearchValues {
  const values: SearchValues = {};
  if (filter.name)
    nameWords(filter.name).forEach((word, i) => {
      values[`word${i}`] = word;
      values[`wordStart${i}`] = `(^|\\s)${escapeRegex(word)}`;
    });
  if (filter.SP_code) values.SP_code = codePattern(filter.SP_code);
  if (filter.unique_id) values.unique_id = codePattern(filter.unique_id);
  return values;
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
    eq(patients.status, status),
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
function countedTownships(user: RequestUser, townshipIds: number[] = []): SQL | undefined {
  const scope = townshipScope(user);
  return and(
    scope === null ? undefined : scope.length ? inArray(patientListCounts.township_id, scope) : sql`false`,
    townshipIds.length ? inArray(patientListCounts.township_id, townshipIds) : undefined,
  );
}

/**
 * A search's total counts at most this many matches (100 pages): a name part as common as "Aung"
 * matches a tenth of the country, and counting all of them costs more than the page. Beyond it the
 * user narrows the search; the export still has every match.
 */
export const SEARCH_TOTAL_LIMIT = 1000;

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

const toTownship = alias(townships, 'to_township');

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
const revealsIn = (filter: PatientFilter, user: RequestUser) => filter.list !== 'trash' && seesPasswords(user);

/** Whether a list is searched (a name or a code): its matches are counted before its page is read (pageAndTotal). */
const searched = (filter: PatientFilter) => Boolean(filter.name || filter.SP_code || filter.unique_id);

/** The order of a list's page: newest first, the trash by when they were deleted, searches as explained below. */
function orderOf(filter: PatientFilter, way: PageWay) {
  return filter.list === 'trash'
    ? [desc(patients.deleted_at), desc(patients.id)]
    : way === 'sort'
      ? // A search's matches too sparse among the newest (searchPage): the planner, taking them as
        // spread evenly, would walk the primary key back through the country to find ten of them
        // (90 ms for "thida" in a Field Officer's two townships; codes are issued in time order, so
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

/** How a list's page is read: walking the primary key from the newest, sorting the search's matches, or by the ids the count found. */
type PageWay = 'walk' | 'sort' | 'known';

/** What a search's count answers (totalOf). */
interface SearchCount {
  total: number;
  lowest?: number | null;
  highest?: number | null;
  newest?: number | null;
  ids?: number[] | null;
}

/** The ids of a page among all of a search's matches (fewer than SEARCH_TOTAL_LIMIT), newest first. */
function knownPage(counted: SearchCount | undefined, at: { limit: number; offset: number }) {
  return [...(counted?.ids ?? [])]
    .map(Number)
    .sort((a, b) => b - a)
    .slice(at.offset, at.offset + at.limit);
}

/**
 * Walking the primary key from the newest reads a row for every id passed, at about a fifth of the
 * cost of fetching a match the search's index found, scattered over the table (bench/patients.mts:
 * 1.6 µs against 8 µs on the bench machine).
 */
const WALK_TO_FETCH_COST = 5;

/**
 * How a search's page is read (a name's, a code's). Fewer than SEARCH_TOTAL_LIMIT matches: the count has them all,
 * and the page is read by its ids (a second pass of the search's index and of every match would
 * cost the count again: 20 ms for "myint naing aye" at 500 000 patients). Beyond it the counted
 * matches' span of ids gives their density: walking the key from the newest passes about
 * (offset + limit) / density rows, sorting the matches (`id + 0`) fetches every one of them
 * (density × the newest id). A name part as common as "thida" (1 patient in 10) walks; two common
 * parts together ("naing soe", 1 in 300) walk for the first pages and sort from the fourth (44 ms →
 * 25 ms for page 10).
 */
export function searchPage(counted: SearchCount | undefined, at: { limit: number; offset: number }): PageWay {
  const total = counted?.total ?? 0;
  if (total < SEARCH_TOTAL_LIMIT) return 'known';
  const { lowest, highest, newest } = counted ?? {};
  if (lowest == null || highest == null || newest == null) return 'walk';
  const density = total / (highest - lowest + 1);
  return (at.offset + at.limit) / density > WALK_TO_FETCH_COST * density * newest ? 'sort' : 'walk';
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

/**
 * The export's columns (PatientExportRow), by name. The password is selected encrypted and revealed
 * in place; the township is the active one's, or the recover township in the trash.
 */
const exportColumns = {
  id: patients.id,
  SP_code: patients.SP_code,
  name: patients.name,
  code: patients.code,
  plain_password: patients.plain_password_enc,
  TSP: townships.abbreviation,
  RR_code: patients.RR_code,
  DRTB_code: patients.DRTB_code,
  unique_id: patients.unique_id,
  age: patients.age,
  sex: patients.sex,
  year: patients.year,
  township: townships.name,
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
};

/**
 * One page of GET patients-export: flat rows, one join for the township, newest first, from below
 * the id `after` (the previous page's last); `next` is this page's last id while more follow. One
 * statement whose rows come as the driver makes them, each column named as the export's: drizzle's
 * mapping of 27 columns a row was a sixth of a 1 500-row export's CPU (docs/decisions/0044).
 * Every value is a driver's own (integers, text,
 * dates as text, the ledger as JSON), as through drizzle.
 */
export async function exportPatients(
  db: Database,
  key: Buffer,
  user: RequestUser,
  filter: PatientFilter,
  after?: number,
): Promise<PatientExportPage> {
  const place = filter.list === 'trash' ? patients.recover_township_id : patients.township_id;
  const columns = sql.join(
    [
      ...Object.entries(exportColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
      ...(showsLedger(filter.list) ? [sql`${ledgerColumn()} as "ledger"`] : []),
    ],
    sql`, `,
  );
  const where = and(
    listConditions(user, filter, searchValues(filter)),
    after === undefined ? undefined : lt(patients.id, after),
  );
  // One row more than the page tells whether another page follows.
  const rows = await rowsOf<PatientExportRow>(
    db,
    sql`select ${columns} from ${patients} left join ${townships} on ${townships.id} = ${place} where ${where} order by ${patients.id} desc limit ${PATIENT_EXPORT_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, PATIENT_EXPORT_PAGE_SIZE);
  const reveal = revealsIn(filter, user);
  for (const row of page) row.plain_password = revealedPassword(key, row.plain_password, reveal);
  return {
    data: page,
    next: rows.length > PATIENT_EXPORT_PAGE_SIZE ? page[page.length - 1]!.id : null,
    status: 'success',
  };
}

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
