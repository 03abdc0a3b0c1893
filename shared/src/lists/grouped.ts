import { saveFile, type Cell } from './export';

/**
 * A report whose columns come in groups under a two-row header, with a totals row (the VOT report,
 * like the paper form it replaces). One declaration drives the screen's table (GroupedTable) and
 * the spreadsheet (downloadGroupedWorkbook), so the two cannot disagree.
 */
export interface GroupedColumn<R> {
  header: string;
  value: (row: R) => Cell;
  /**
   * The column's figure in the totals row, from every row: a count sums by default; a share must
   * say how it is recomputed (a sum of percentages means nothing); key columns have none.
   */
  total?: ((rows: R[]) => Cell) | 'sum';
}

export interface ColumnGroup<R> {
  /** The first header row; a group of one column with its own header spans both rows. */
  header: string;
  columns: GroupedColumn<R>[];
}

/** The label of the totals row, written in the first column. */
export const TOTAL_LABEL = 'Total';

export const spansBothRows = <R>(group: ColumnGroup<R>) =>
  group.columns.length === 1 && group.columns[0]!.header === group.header;

export function leafColumns<R>(groups: ColumnGroup<R>[]): GroupedColumn<R>[] {
  return groups.flatMap((g) => g.columns);
}

/** The totals row: 'Total' in the first column, then each column's total ('' where it has none). */
export function totalsRow<R>(groups: ColumnGroup<R>[], rows: R[]): Cell[] {
  return leafColumns(groups).map((column, i) => {
    if (i === 0) return TOTAL_LABEL;
    if (column.total === 'sum') return rows.reduce((sum, row) => sum + Number(column.value(row) ?? 0), 0);
    return column.total ? column.total(rows) : '';
  });
}

/** The two header rows (a spanning group repeats its header in the second, to be merged) and the cells of every row, then the totals. */
export function groupedSheetRows<R>(groups: ColumnGroup<R>[], rows: R[]): Cell[][] {
  const first = groups.flatMap((g) => g.columns.map(() => g.header));
  const second = groups.flatMap((g) => g.columns.map((c) => c.header));
  const body = rows.map((row) => leafColumns(groups).map((c) => c.value(row) ?? ''));
  return [first, second, ...body, totalsRow(groups, rows)];
}

/** Cell ranges to merge in the header, as [row, column, row, column] (1-based, as exceljs takes them). */
export function headerMerges<R>(groups: ColumnGroup<R>[]): [number, number, number, number][] {
  const merges: [number, number, number, number][] = [];
  let col = 1;
  for (const group of groups) {
    const last = col + group.columns.length - 1;
    if (spansBothRows(group)) merges.push([1, col, 2, col]);
    else if (last > col) merges.push([1, col, 1, last]);
    col = last + 1;
  }
  return merges;
}

/**
 * The .xlsx of a grouped report: `heading` lines first (a title, the period, as of when: one cell
 * each, the title bold), a blank row, then the two-row header merged as the groups say, bold and
 * centred, panes frozen below the header and right of the `frozenColumns` key columns, a bold
 * totals row. exceljs is fetched now, not with the screen.
 */
export async function downloadGroupedWorkbook<R>(
  fileName: string,
  sheetName: string,
  groups: ColumnGroup<R>[],
  rows: R[],
  frozenColumns = 0,
  heading: string[] = [],
): Promise<void> {
  const exceljs = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  const { Workbook } = (exceljs as unknown as { default?: typeof exceljs }).default ?? exceljs;
  const workbook = new Workbook();
  const above = heading.length ? heading.length + 1 : 0;
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: above + 2 }],
  });
  for (const line of heading) sheet.addRow([line]);
  if (above) {
    sheet.addRow([]);
    sheet.getRow(1).font = { bold: true, size: 14 };
  }
  const cells = groupedSheetRows(groups, rows);
  sheet.addRows(cells);
  for (const [top, left, bottom, right] of headerMerges(groups))
    sheet.mergeCells(top + above, left, bottom + above, right);
  for (const r of [1, 2, cells.length]) sheet.getRow(r + above).font = { bold: true };
  for (const r of [1, 2])
    sheet.getRow(r + above).alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  leafColumns(groups).forEach((column, i) => {
    sheet.getColumn(i + 1).width =
      i < frozenColumns
        ? Math.max(12, ...rows.map((row) => String(column.value(row) ?? '').length + 2))
        : Math.max(8, column.header.length + 2);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
