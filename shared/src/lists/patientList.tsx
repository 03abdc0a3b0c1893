// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- every remote that type-checks the kit needs the *.css declaration, not only those that declare it themselves
/// <reference path="../css.d.ts" />
import { COLOURS, TB_STATUSES } from '@vot/shared/domain';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';
import type { ExportColumn } from './export';
import { NAME_WIDTH, type ColumnDef } from './PagedListPage';
import type { FilterDef } from './ListFilters';
import { townshipFilter } from './townships';
import './patientList.css';

/**
 * What every patient list shows (SPEC.md §2 "Patient list screens"): the category lists of
 * mfe-patients and the VOT Status lists of mfe-vot declare their screens over these, so the columns,
 * ID colours and the TB/DRTB row highlight are written once. Their pages are PatientListPage.
 */

/** The page's wrapper class (patientList.css). */
export const PATIENT_LIST_CLASS = 'vot-patient-list';

/** SPEC.md §2: the inputs of every patient list; Search writes them into the URL and goes to page 1. */
export const patientFilters: FilterDef[] = [
  { name: 'name', label: 'Search name' },
  { name: 'SP_code', label: 'Search SP Code' },
  { name: 'unique_id', label: 'Search Township DRTB Code' },
  townshipFilter,
];

/** The ID of a general list's patient whose VOT eligibility is unset. */
export const YELLOW = '#F5B800';

/** Blue once VOT has ended, yellow in a general list while eligibility is unset, else red (SPEC.md §2, §9). */
export function idColour(
  row: Pick<PatientListRow, 'DOT_end_date' | 'VOT_eligible'>,
  yellowWhenUnscreened = false,
): string {
  if (row.DOT_end_date) return COLOURS.blue;
  if (yellowWhenUnscreened && !row.VOT_eligible) return YELLOW;
  return COLOURS.red;
}

/**
 * Black or white, whichever contrasts more with the badge's colour (WCAG relative luminance): white
 * on the programme's blue (11.9:1), black on its red (4.8:1; white was 4.4:1) and yellow (white was 1.9:1).
 */
export function textOn(background: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = parseInt(background.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

/** Rows of patients with TB or DRTB are highlighted (SPEC.md §2). */
export const hasTb = (row: Pick<PatientListRow, 'TB_status'>) =>
  row.TB_status !== null && row.TB_status !== 'No TB' && (TB_STATUSES as readonly string[]).includes(row.TB_status);
/** The class of a TB/DRTB patient's row: bold, in the spec's blue (patientList.css). */
export const TB_ROW_CLASS = 'vot-patient-with-tb';
/** A list screen's `rowClassName` that highlights TB/DRTB rows. */
export const tbRowClass = (row: Pick<PatientListRow, 'TB_status'>) => (hasTb(row) ? TB_ROW_CLASS : undefined);

export interface PatientColumnOptions {
  /** General lists: a yellow ID while VOT eligibility is unset. */
  yellowWhenUnscreened?: boolean;
  /** The Hybrid list adds DOT Patient ID (GF) after the ID (SPEC.md §2). */
  withGfId?: boolean;
}

/** SPEC.md §2: ID (coloured), SP Code, Name, Code, Password, TSP, RR Code, DRTB Code, Township DRTB Code, Age, Sex. */
export function patientColumns({
  yellowWhenUnscreened = false,
  withGfId = false,
}: PatientColumnOptions = {}): ColumnDef<PatientListRow>[] {
  return [
    {
      field: 'id',
      header: 'ID',
      body: (p) => {
        const colour = idColour(p, yellowWhenUnscreened);
        return (
          <span className="vot-patient-id" data-colour={colour} style={{ background: colour, color: textOn(colour) }}>
            {p.id}
          </span>
        );
      },
    },
    ...(withGfId
      ? [{ field: 'dot_patient_id_gf', header: 'DOT Patient ID (GF)', nowrap: true } as ColumnDef<PatientListRow>]
      : []),
    { field: 'SP_code', header: 'SP Code', nowrap: true },
    { field: 'name', header: 'Name', minWidth: NAME_WIDTH },
    { field: 'code', header: 'Code', nowrap: true },
    { field: 'plain_password', header: 'Password', nowrap: true },
    // The township that places the patient: its own while active, in the trash the one it was deleted
    // from (a soft delete moves it to recover_township, where Recover puts the patient back).
    { field: 'township', header: 'TSP', body: (p) => (p.township ?? p.recover_township)?.abbreviation ?? '' },
    { field: 'RR_code', header: 'RR Code', nowrap: true },
    { field: 'DRTB_code', header: 'DRTB Code', nowrap: true },
    { field: 'unique_id', header: 'Township DRTB Code', nowrap: true },
    { field: 'age', header: 'Age' },
    { field: 'sex', header: 'Sex' },
  ];
}

/** Who the patient is, as every patient export writes it after the ID (the category lists' and the VOT Status lists'). */
export const patientIdentityExportColumns: ExportColumn<PatientExportRow>[] = [
  { header: 'SP Code', field: 'SP_code' },
  { header: 'Name', field: 'name' },
  { header: 'Code', field: 'code' },
  { header: 'Password', field: 'plain_password' },
  { header: 'TSP', field: 'TSP' },
  { header: 'RR Code', field: 'RR_code' },
  { header: 'DRTB Code', field: 'DRTB_code' },
  { header: 'Township DRTB Code', field: 'unique_id' },
  { header: 'Age', field: 'age' },
  { header: 'Sex', field: 'sex' },
];
