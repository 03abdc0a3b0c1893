/**
 * Spreadsheet export (SPEC.md §7 "Export files", §8 'Please try again!'). A list declares what its
 * export call returns and which columns to write; the kit fetches, builds and downloads the file.
 * exceljs is large (about 1 MB) and most visits never export, so it is fetched on the first export.
 */

export type Cell = string | number | null;

/** One spreadsheet column: a field of the export row, or a value computed from the row. */
export interface ExportColumn<R> {
  header: string;
  field?: keyof R & string;
  value?: (row: R) => Cell | undefined;
  /**
   * The filter whose record this column names (the Township column for `township_id`): a filtered
   * export's rows all carry it, so the file is named from them without asking the API again.
   */
  names?: string;
}

export interface ExportDef<R = Record<string, unknown>> {
  /** The file's name without suffix or extension, also the sheet's name: 'Volunteers'. */
  fileName: string;
  /**
   * Filters whose applied value is added to the name ('Volunteers-Hlaingthaya',
   * 'Volunteer-Trainings-2025-03'): a select filter gives its label, not its id, from the column
   * that `names` it in the exported rows, else from the filter's options.
   */
  suffixFrom?: string[];
  /** The export call, given the list's applied filters. It must be quiet: a failure reads 'Please try again!'. */
  load: (filters: Record<string, string>) => Promise<{ data: R[] }>;
  columns: ExportColumn<R>[];
}

export function cellOf<R>(column: ExportColumn<R>, row: R): Cell {
  const raw = column.value ? column.value(row) : column.field ? row[column.field] : undefined;
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'number' || typeof raw === 'string') return raw;
  return String(raw);
}

/** The sheet as rows of cells: the header row, then one row per record (a pure function, tested). */
export function sheetRows<R>(columns: ExportColumn<R>[], rows: R[]): Cell[][] {
  return [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => cellOf(c, row)))];
}

/** 'Volunteers' + ['Hlaingthaya'] → 'Volunteers-Hlaingthaya.xlsx'; characters a file system refuses become '_'. */
export function exportFileName(stem: string, suffixes: string[] = []): string {
  const name = [stem, ...suffixes.filter((s) => s !== '')].join('-');
  return `${name.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
}

/** Column widths that fit their longest cell, within reason. */
function widths(rows: Cell[][]): number[] {
  const count = rows[0]?.length ?? 0;
  return Array.from({ length: count }, (_, i) =>
    Math.min(60, Math.max(8, ...rows.map((r) => String(r[i] ?? '').length + 2))),
  );
}

/** Builds the .xlsx with exceljs (fetched now, not with the list) and hands it to the browser as a download. */
export async function downloadWorkbook(fileName: string, sheetName: string, rows: Cell[][]): Promise<void> {
  const exceljs = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  // A CommonJS module behind import(): webpack and jest expose it as the namespace's default.
  const { Workbook } = (exceljs as unknown as { default?: typeof exceljs }).default ?? exceljs;
  const workbook = new Workbook();
  // Excel refuses sheet names over 31 characters.
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRows(rows);
  sheet.getRow(1).font = { bold: true };
  widths(rows).forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}

/** Hands a built file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start reading the file after click() returns: keep the URL alive a while.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
