import { useState } from 'react';
import { Button } from 'primereact/button';
import { UI_MESSAGES } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import { cellOf, downloadWorkbook, exportFileName, sheetRows, type ExportDef } from './export';
import type { FilterDef } from './ListFilters';

/**
 * The label a person chose for each suffix filter: a township's name rather than its id. Taken from
 * the exported rows' column that `names` the filter when there is one (they carry it: no second
 * call), else from the filter's options, which a filter that loads them asks for once more (a
 * failure only costs the label, not the file).
 */
function suffixLabels<R>(
  def: ExportDef<R>,
  rows: R[],
  applied: Record<string, string>,
  filters: FilterDef[],
): Promise<string[]> {
  const labels = (def.suffixFrom ?? []).map(async (name) => {
    const value = applied[name];
    if (!value) return '';
    const column = def.columns.find((c) => c.names === name);
    const fromRows = column && rows[0] ? String(cellOf(column, rows[0])) : '';
    if (fromRows) return fromRows;
    const filter = filters.find((f) => f.name === name);
    const options = filter?.loadOptions ? await filter.loadOptions().catch(() => []) : (filter?.options ?? []);
    return options.find((o) => String(o.value) === value)?.label ?? value;
  });
  return Promise.all(labels);
}

interface Props<R> {
  def: ExportDef<R>;
  /** The list's applied filters (useUrlFilters), so the file holds what the list shows. */
  filters: Record<string, string>;
  filterDefs?: FilterDef[];
}

/** Export to .xlsx with the list's filters; any failure reads 'Please try again!' (SPEC.md §8). */
export function ExportButton<R>({ def, filters, filterDefs = [] }: Props<R>) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { data } = await def.load(filters);
      await downloadWorkbook(
        exportFileName(def.fileName, await suffixLabels(def, data, filters, filterDefs)),
        def.fileName,
        sheetRows(def.columns, data),
      );
    } catch {
      notify('error', UI_MESSAGES.exportFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      label="Export"
      icon="pi pi-file-excel"
      severity="success"
      outlined
      loading={busy}
      disabled={busy}
      onClick={() => void run()}
    />
  );
}
