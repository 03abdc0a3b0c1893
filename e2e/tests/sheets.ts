import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The rows of a downloaded spreadsheet's first sheet, as header → cell text (an empty cell is ''). */
export async function sheetRows(download: Download): Promise<Record<string, string>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells = (row.values as unknown[]).slice(1);
    rows.push(
      Object.fromEntries(
        headers.map((h, i) => [h, cells[i] === undefined || cells[i] === null ? '' : String(cells[i])]),
      ),
    );
  });
  return rows;
}
