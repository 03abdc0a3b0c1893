// The searches of the patient lists: names by word beginnings, codes by a piece anywhere.
import { and, sql, type SQL } from 'drizzle-orm';
import { patients } from '../../db/schema';
import type { PatientFilter } from './repository';

/**
 * A search's total counts at most this many matches (100 pages): a name part as common as "Aung"
 * matches a tenth of the country, and counting all of them costs more than the page. Beyond it the
 * user narrows the search; the export still has every match.
 */
export const SEARCH_TOTAL_LIMIT = 1000;

/**
 * The name search: every word typed begins a word of the name, in any order, ignoring case ("myint
 * nai" finds "Aung Myint Naing"). Nationally through patients.name_prefixes and its GIN index
 * (docs/decisions/0065). Within a few townships (`inFewTownships`)
 * the same test is made on the name that patients_township_idx carries, by a regular expression per
 * word (`(^|\s)word`, searchValues), so the index alone answers it: the GIN index would read every
 * match in the country first (tens of thousands for a common name) to keep the few of two townships (docs/decisions/0065,
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

export type SearchValues = Record<string, string>;

/** A search's value in a condition: its placeholder in a statement built once (run with searchValues), or the value itself. */
export const searchValue = (name: string, values?: SearchValues) =>
  values ? sql`${values[name]}` : sql.placeholder(name);

export const nameWords = (name: string) => [...new Set(name.toLowerCase().split(/\s+/).filter(Boolean))];

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
export function searchValues(filter: PatientFilter): SearchValues {
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

/** How a list's page is read: walking the primary key from the newest, sorting the search's matches, or by the ids the count found. */
export type PageWay = 'walk' | 'sort' | 'known';

/** What a search's count answers (totalOf). */
interface SearchCount {
  total: number;
  lowest?: number | null;
  highest?: number | null;
  newest?: number | null;
  ids?: number[] | null;
}

/** The ids of a page among all of a search's matches (fewer than SEARCH_TOTAL_LIMIT), newest first. */
export function knownPage(counted: SearchCount | undefined, at: { limit: number; offset: number }) {
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
 * cost the count again). Beyond it the counted
 * matches' span of ids gives their density: walking the key from the newest passes about
 * (offset + limit) / density rows, sorting the matches (`id + 0`) fetches every one of them
 * (density × the newest id). A name part as common as "thida" (1 patient in 10) walks; two common
 * parts together ("naing soe", 1 in 300) walk for the first pages and sort from the fourth
 * (docs/decisions/0157).
 */
export function searchPage(counted: SearchCount | undefined, at: { limit: number; offset: number }): PageWay {
  const total = counted?.total ?? 0;
  if (total < SEARCH_TOTAL_LIMIT) return 'known';
  const { lowest, highest, newest } = counted ?? {};
  if (lowest == null || highest == null || newest == null) return 'walk';
  const density = total / (highest - lowest + 1);
  return (at.offset + at.limit) / density > WALK_TO_FETCH_COST * density * newest ? 'sort' : 'walk';
}
