// The patient lists the patient-list bench measures: each category, the township filters, a Field
// Officer's scope, the name and code searches, each with the raw SQL condition of the same answer.
import { sql, type SQL } from './harness.mts';
import { PARTS } from './patients-data.mts';
import { CATEGORY, COUNTED, code, inT, like, w, wordStarts, words, type ListCase } from './patients-raw.mts';

type Headers = Record<string, string>;

/** The lists measured, as the MEAL Associate (`meal`), a Project Officer (`po`) and a Field Officer of `foTownships` (`fo`) ask them. */
export function patientListCases(
  { meal, po, fo }: { meal: Headers; po: Headers; fo: Headers },
  foTownships: number[],
  oneTownship: number,
): ListCase[] {
  const name = `${PARTS[3]} ${PARTS[7]} ${PARTS[12]}`.toLowerCase();
  const listCase = (
    label: string,
    headers: Record<string, string>,
    k: string,
    filter: string,
    townships?: number[],
  ): ListCase => ({
    label,
    headers,
    filter,
    where: townships
      ? sql`${w(CATEGORY[k]!)} and ${inT(townships, k === 'trash' ? 'p.recover_township_id' : 'p.township_id')}`
      : w(CATEGORY[k]!),
    counted: townships ? sql`${w(COUNTED[k]!)} and ${inT(townships, 'c.township_id')}` : w(COUNTED[k]!),
    trash: k === 'trash',
  });
  const search = (label: string, k: string, filter: string, condition: SQL, headers = meal): ListCase => ({
    label,
    headers,
    filter,
    where: sql`${w(CATEGORY[k]!)} and ${condition}`,
    searched: true,
  });
  const CODE_COLUMNS = { SP_code: 'p."SP_code"', unique_id: 'p.unique_id' };
  /** A code search, and its condition as it was before a piece matched anywhere (from the beginning). */
  const codeSearch = (
    label: string,
    k: string,
    field: keyof typeof CODE_COLUMNS,
    typed: string,
    headers = meal,
    townships?: number[],
  ): ListCase => {
    const scope = (condition: SQL) => (townships ? sql`${condition} and ${inT(townships)}` : condition);
    const filter = `${k === 'all' ? '' : flagOf(k)}&${field}=${typed}`;
    return {
      ...search(label, k, filter, scope(code(CODE_COLUMNS[field], typed)), headers),
      before: sql`${w(CATEGORY[k]!)} and ${scope(like(CODE_COLUMNS[field], `${typed.toLowerCase()}%`))}`,
    };
  };
  const flagOf = (k: string) => `&${k}=${k === 'VOT_eligible' || k === 'VOT_accept' ? 'Yes' : 'true'}`;
  const two = `&township_id[]=${foTownships[0]}&township_id[]=${foTownships[1]}`;
  return [
    ...['TB_patient', 'NO_SP_CODE', 'no_DOT', 'screened', 'VOT_eligible', 'VOT_accept', 'VOT_declined'].map((k) =>
      listCase(`MEAL ?${k}`, meal, k, flagOf(k)),
    ),
    listCase('MEAL, no flag (every active patient)', meal, 'all', ''),
    listCase('Project Officer ?clinic', po, 'clinic', '&clinic=true'),
    listCase('MEAL ?status=0 (trash)', meal, 'trash', '&status=0'),
    listCase('MEAL ?TB_patient&township_id=one', meal, 'TB_patient', `&TB_patient=true&township_id=${oneTownship}`, [
      oneTownship,
    ]),
    listCase('MEAL ?screened&township_id[]=two', meal, 'screened', `&screened=true${two}`, foTownships),
    listCase('MEAL ?status=0&township_id[]=two', meal, 'trash', `&status=0${two}`, foTownships),
    listCase('Field Officer (2 townships) ?TB_patient', fo, 'TB_patient', '&TB_patient=true', foTownships),
    listCase('Field Officer (2 townships) ?VOT_eligible=Yes', fo, 'VOT_eligible', '&VOT_eligible=Yes', foTownships),
    search(
      `MEAL ?TB_patient&name=${name}`,
      'TB_patient',
      `&TB_patient=true&name=${encodeURIComponent(name)}`,
      words(name),
    ),
    search(`MEAL ?name=${name}`, 'all', `&name=${encodeURIComponent(name)}`, words(name)),
    search('MEAL ?name=myi nai (word beginnings)', 'all', '&name=myi%20nai', words('myi nai')),
    search('MEAL ?name=thida (one part)', 'all', '&name=thida', words('thida')),
    search('MEAL ?screened&name=naing soe', 'screened', '&screened=true&name=naing%20soe', words('naing soe')),
    search('Field Officer ?name=thida', 'all', '&name=thida', sql`${wordStarts('thida')} and ${inT(foTownships)}`, fo),
    search(
      'MEAL ?screened&township_id=one&name=naing soe',
      'screened',
      `&screened=true&township_id=${oneTownship}&name=naing%20soe`,
      sql`${wordStarts('naing soe')} and ${inT([oneTownship])}`,
    ),
    // Codes: the whole code, and the running number as staff quote it, from inside the code.
    codeSearch('MEAL ?SP_code=SP-12345', 'all', 'SP_code', 'SP-12345'),
    codeSearch(`MEAL ?unique_id=T${oneTownship}-D-1`, 'all', 'unique_id', `T${oneTownship}-D-1`),
    codeSearch('MEAL ?SP_code=12345 (inside)', 'all', 'SP_code', '12345'),
    codeSearch('MEAL ?SP_code=014 (inside)', 'all', 'SP_code', '014'),
    codeSearch('MEAL ?TB_patient&unique_id=D-4321', 'TB_patient', 'unique_id', 'D-4321'),
    codeSearch('Field Officer ?SP_code=014', 'all', 'SP_code', '014', fo, foTownships),
  ];
}
