import { useState } from 'react';
import { Button } from 'primereact/button';
import { UI_MESSAGES } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import { downloadWorkbook, exportFileName, sheetRows, type ExportDef } from './export';
import type { FilterDef } from './ListFilters';

/** The label a person chose for each suffix filter: a township's name rather than its id. */
async function suffixLabels(names: string[], applied: Record<string, string>, filters: FilterDef[]): Promise<string[]> {
  const labels = names.map(async (name) => {
    const value = applied[name];
    if (!value) return '';
    const filter = filters.find((f) => f.name === name);
    // The filter has loaded these once already; one more small call at export time keeps the kit's
    // filters free of shared caches, and a failure only costs the label, not the file.
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
      const [res, suffixes] = await Promise.all([def.load(filters), suffixLabels(def.suffixFrom ?? [], filters, filterDefs)]);
      await downloadWorkbook(exportFileName(def.fileName, suffixes), def.fileName, sheetRows(def.columns, res.data));
    } catch {
      notify('error', UI_MESSAGES.exportFailed);
    } finally {
      setBusy(false);
    }
  }

  return <Button type="button" label="Export" icon="pi pi-file-excel" severity="success" outlined loading={busy} disabled={busy} onClick={() => void run()} />;
}
