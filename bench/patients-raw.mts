// The raw SQL of the patient lists (api/src/routes/patients/repository.ts) that the patient-list
// bench measures the API against: the page, its count, a search's page, the lists' conditions.
import { CODE_PIECE, SEARCH_TOTAL_LIMIT, searchPage } from '@vot/api/patients/repository';
import { PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { sql, type BenchDatabase, type SQL } from './harness.mts';

const SIZE = PATIENT_PAGE_SIZE;

// The raw SQL of listPatients (api/src/routes/patients/repository.ts): the same columns and joins,
// the same conditions, newest first (the trash by deletion); and its count. As the API, the page's
// ids are taken from patients alone (a few townships' page is then read from patients_township_idx
// alone), then joined.
const columns = sql`
  p.id, p.year, p."SP_code", p.name, p.code, p.plain_password_enc, t.id as t_id, t.name as t_name, t.abbreviation as t_abbreviation,
    rt.id as rt_id, rt.name as rt_name, rt.abbreviation as rt_abbreviation, p."RR_code", p."DRTB_code", p.unique_id, p.dot_patient_id_gf,
    p."presumptive_TB_number", p.age, p.sex, p."TB_status", p."VOT_eligible", p."VOT_accept", p."DOT_start_date", p."DOT_end_date",
    p.pure_or_hybrid, p.status`;
// Each list's condition as the repository writes it (LISTS: the status and a bit of the computed
// patients.lists), and the same over patient_list_counts for its total.
export const BITS: Record<string, number | null> = {
  all: null,
  TB_patient: 1,
  NO_SP_CODE: 2,
  no_DOT: 4,
  screened: 8,
  VOT_eligible: 16,
  VOT_accept: 32,
  VOT_declined: 64,
  clinic: null,
  trash: null,
};
export const statusOf = (k: string) => (k === 'trash' ? 0 : 1);
export const CATEGORY: Record<string, string> = Object.fromEntries(
  Object.entries(BITS).map(([k, bit]) => [k, `p.status = ${statusOf(k)}${bit ? ` and (p.lists & ${bit}) <> 0` : ''}`]),
);
export const COUNTED: Record<string, string> = Object.fromEntries(
  Object.entries(BITS).map(([k, bit]) => [k, `c.status = ${statusOf(k)}${bit ? ` and (c.lists & ${bit}) <> 0` : ''}`]),
);

export interface ListCase {
  label: string;
  headers: Record<string, string>;
  /** The query string besides the page. */
  filter: string;
  /** The raw SQL's condition for the same answer. */
  where: SQL;
  /** A search (a name, a code): the API counts it first, and its count decides how its page is read (listPatients, searchPage). */
  searched?: boolean;
  /** A code search's condition before a piece matched anywhere: from the beginning (text_pattern_ops). */
  before?: SQL;
  /** Its total over patient_list_counts (lists without a search), else a count of the patients. */
  counted?: SQL;
  trash?: boolean;
}
export const rawPage = (c: ListCase, offset: number, sorted = false, ids?: number[]) => {
  const order = c.trash ? sql`p.deleted_at desc, p.id desc` : sorted ? sql`p.id + 0 desc` : sql`p.id desc`;
  const where = ids ? sql`${c.where} and p.id = any(${`{${ids.join(',')}}`}::int[])` : c.where;
  return sql`select ${columns} from (select p.id from patients p where ${where} order by ${order} limit ${SIZE} offset ${ids ? 0 : offset}) page
    join patients p on p.id = page.id left join townships t on t.id = p.township_id left join townships rt on rt.id = p.recover_township_id
    order by ${order}`;
};
// A search counts at most SEARCH_TOTAL_LIMIT matches, with the span of their ids and the newest id (repository.ts).
export const rawCount = (c: ListCase) =>
  c.counted
    ? sql`select coalesce(sum(n), 0) as count from patient_list_counts c where ${c.counted}`
    : sql`select count(*), min(id) as lowest, max(id) as highest, (select max(id) from patients) as newest, array_agg(id) as ids
        from (select p.id from patients p where ${c.where} limit ${SEARCH_TOTAL_LIMIT}) matches`;
/** A search's page after its count, read as the API reads it (searchPage): by the ids the count found, sorted, or walked. */
export function rawSearchPage(
  query: BenchDatabase['query'],
  c: ListCase,
  counted: Record<string, unknown>,
  offset: number,
) {
  const found = {
    total: Number(counted.count),
    lowest: Number(counted.lowest),
    highest: Number(counted.highest),
    newest: Number(counted.newest),
  };
  const way = searchPage(found, { limit: SIZE, offset });
  if (way !== 'known') return query(rawPage(c, offset, way === 'sort'));
  const ids = ((counted.ids as number[] | null) ?? [])
    .map(Number)
    .sort((a, b) => b - a)
    .slice(offset, offset + SIZE);
  return ids.length ? query(rawPage(c, offset, false, ids)) : Promise.resolve([]);
}

export const w = (text: string) => sql.raw(text);
export const inT = (ids: number[], column = 'p.township_id') => w(`${column} in (${ids.join(',')})`);
export const like = (column: string, pattern: string) => sql`lower(${w(column)}) like ${pattern}`;
// The code searches of repository.ts (codePattern): a piece anywhere in the code, from its beginning when shorter than CODE_PIECE.
export const code = (column: string, typed: string) =>
  like(column, typed.length >= CODE_PIECE ? `%${typed.toLowerCase()}%` : `${typed.toLowerCase()}%`);
// The name search of repository.ts (nameSearch): every typed word begins a word of the name.
export const words = (typed: string) =>
  sql`p.name_prefixes @> array[${sql.join(
    typed.split(' ').map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
// Within a few townships (repository.ts, FEW_TOWNSHIPS): each word begins a word of the name, tested on the name.
export const wordStarts = (typed: string) =>
  sql.join(
    typed.split(' ').map((x) => sql`lower(p.name) ~ ${`(^|\\s)${x}`}`),
    sql` and `,
  );
