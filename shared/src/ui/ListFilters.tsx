import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { Option } from '@vot/shared/ui';

/** One filter of a list, bound to a query parameter of the same name. */
export interface FilterDef {
  name: string;
  label: string;
  type?: 'text' | 'select';
  options?: Option[];
}

/** The filters as applied: read from the URL, so a reload or a shared link keeps them. */
export function useUrlFilters(filters: FilterDef[] = []): Record<string, string> {
  const [params] = useSearchParams();
  return Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? '']).filter(([, v]) => v !== ''));
}

/**
 * Filter inputs with Search (apply, back to page 1) and All (clear). Typing does not reload the
 * list on every key: on a slow connection one request per search is what the user wants.
 */
export function ListFilters({ filters }: { filters: FilterDef[] }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? ''])));

  function apply(values: Record<string, string>) {
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const f of filters) {
        if (values[f.name]) next.set(f.name, values[f.name]!);
        else next.delete(f.name);
      }
      next.delete('page');
      return next;
    });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    apply(draft);
  }
  function clear() {
    const empty = Object.fromEntries(filters.map((f) => [f.name, '']));
    setDraft(empty);
    apply(empty);
  }

  return (
    <form className="vot-list-filters" role="search" onSubmit={submit}>
      {filters.map((f) =>
        f.type === 'select' ? (
          <Dropdown
            key={f.name}
            value={draft[f.name] || null}
            options={f.options}
            onChange={(e) => setDraft((d) => ({ ...d, [f.name]: (e.value as string | null) ?? '' }))}
            placeholder={f.label}
            aria-label={f.label}
            showClear
          />
        ) : (
          <InputText key={f.name} value={draft[f.name]} onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))} placeholder={f.label} aria-label={f.label} />
        ),
      )}
      <Button type="submit" label="Search" icon="pi pi-search" />
      <Button type="button" label="All" severity="secondary" outlined onClick={clear} />
    </form>
  );
}
