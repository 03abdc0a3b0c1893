import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { todayIn } from '@vot/shared/domain';
import { userAtom, type SessionUser } from '@vot/shared/session';
import type { Option } from '@vot/shared/ui';
import { useOptions } from '../ui/useOptions';
import { DROPDOWN_PT } from '../ui/dropdown';
import { pageIn } from './usePagedList';
import { DateRangeFilter, dateRangeProblem } from './DateRangeFilter';

/**
 * One filter of a list, bound to query parameters. `text`, `select` and `month` (yyyy-mm) use the
 * parameter `name`; `date-range` uses `start_date` and `end_date` (SPEC.md §5: the end is disabled
 * until a start is chosen, may not precede it, and neither may be after today).
 */
export interface FilterDef {
  name: string;
  label: string;
  type?: 'text' | 'select' | 'month' | 'date-range' | 'flag';
  options?: Option[];
  /** Options fetched once when the list opens (townships, volunteers); declare it at module level. */
  loadOptions?: () => Promise<Option[]>;
  /** Not shown (nor applied) for this user: the township filter of a township-bound role. */
  hidden?: (user: SessionUser | null) => boolean;
  /**
   * A `flag` is a button that applies `name=true` at once (the VOT Status lists' Complete and Not
   * Complete), turning the other flags off and clearing the parameters named here; All clears it.
   */
  clears?: string[];
  /** A `date-range`'s earliest start (SPEC.md §2/§5: a VOT list starts at the patient's DOT start date). */
  min?: string;
}

const paramsOf = (f: FilterDef) => (f.type === 'date-range' ? ['start_date', 'end_date'] : [f.name]);

function visibleFilters(filters: FilterDef[], user: SessionUser | null) {
  return filters.filter((f) => !f.hidden?.(user));
}

/** The filters a URL's query applies (those the user sees, each with a value). */
export function filtersIn(
  search: URLSearchParams,
  filters: FilterDef[] = [],
  user: SessionUser | null = null,
): Record<string, string> {
  const names = visibleFilters(filters, user).flatMap(paramsOf);
  return Object.fromEntries(names.map((n) => [n, search.get(n) ?? '']).filter(([, v]) => v !== ''));
}

/** The filters as applied: read from the URL, so a reload or a shared link keeps them. */
export function useUrlFilters(filters: FilterDef[] = []): Record<string, string> {
  const [params] = useSearchParams();
  const user = useAtomValue(userAtom);
  return filtersIn(params, filters, user);
}

/**
 * The query a list's first call sends, as usePagedList makes it (the URL's filters and page), to
 * start that call before the list is drawn (PatientPage `alongside`).
 */
export const firstListQuery = (search: URLSearchParams, filters: FilterDef[], paged: boolean) => ({
  ...filtersIn(search, filters),
  ...(paged ? { page: pageIn(search) } : {}),
});

type Draft = Record<string, string>;
type SetDraft = (update: (d: Draft) => Draft) => void;

function SelectFilter({ filter, draft, setDraft }: { filter: FilterDef; draft: Draft; setDraft: SetDraft }) {
  const { options } = useOptions(filter.options ?? [], filter.loadOptions);
  return (
    <Dropdown
      pt={DROPDOWN_PT}
      value={
        draft[filter.name]
          ? (options.find((o) => String(o.value) === draft[filter.name])?.value ?? draft[filter.name])
          : null
      }
      options={options}
      onChange={(e) =>
        setDraft((d) => ({ ...d, [filter.name]: e.value === null || e.value === undefined ? '' : String(e.value) }))
      }
      placeholder={filter.label}
      aria-label={filter.label}
      filter={options.length > 10}
      showClear
    />
  );
}

/**
 * Filter inputs with Search (apply, back to page 1) and All (clear). Typing does not reload the
 * list on every key: on a slow connection one request per search is what the user wants.
 */
export function ListFilters({ filters }: { filters: FilterDef[] }) {
  const [params, setParams] = useSearchParams();
  const user = useAtomValue(userAtom);
  const shown = visibleFilters(filters, user);
  const names = shown.flatMap(paramsOf);
  const applied: Draft = Object.fromEntries(names.map((n) => [n, params.get(n) ?? '']));
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState<Draft>(applied);
  // A typed date the search would refuse: said under the filters, and nothing is searched.
  const [problem, setProblem] = useState<string>();
  const dates = shown.find((f) => f.type === 'date-range');
  // Back/Forward (or a link) changes the applied filters under the inputs: show them again. Only
  // then, so a page change or a reload does not wipe what is being typed for the next search.
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(applied);
  }

  function apply(values: Draft) {
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const n of names) {
        if (values[n]) next.set(n, values[n]!);
        else next.delete(n);
      }
      next.delete('page');
      return next;
    });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const wrong = dates && dateRangeProblem(draft, dates.min);
    setProblem(wrong);
    if (!wrong) apply(draft);
  }
  function applyFlag(flag: FilterDef) {
    const others = shown.filter((f) => f.type === 'flag').map((f) => f.name);
    const next: Draft = {
      ...draft,
      ...Object.fromEntries([...others, ...(flag.clears ?? [])].map((n) => [n, ''])),
      [flag.name]: 'true',
    };
    setDraft(next);
    apply(next);
  }
  function clear() {
    const empty = Object.fromEntries(names.map((n) => [n, '']));
    setProblem(undefined);
    setDraft(empty);
    apply(empty);
  }

  return (
    <form className="vot-list-filters" role="search" onSubmit={submit}>
      {shown.map((f) => {
        if (f.type === 'select') return <SelectFilter key={f.name} filter={f} draft={draft} setDraft={setDraft} />;
        if (f.type === 'date-range')
          return <DateRangeFilter key={f.name} draft={draft} setDraft={setDraft} min={f.min} />;
        if (f.type === 'flag') return null;
        return (
          <InputText
            key={f.name}
            type={f.type === 'month' ? 'month' : 'text'}
            value={draft[f.name] ?? ''}
            max={f.type === 'month' ? todayIn().slice(0, 7) : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
            placeholder={f.label}
            aria-label={f.label}
          />
        );
      })}
      <Button type="submit" label="Search" icon="pi pi-search" />
      {shown
        .filter((f) => f.type === 'flag')
        .map((f) => (
          <Button
            key={f.name}
            type="button"
            label={f.label}
            severity="secondary"
            outlined={applied[f.name] !== 'true'}
            aria-pressed={applied[f.name] === 'true'}
            onClick={() => applyFlag(f)}
          />
        ))}
      <Button type="button" label="All" severity="secondary" outlined onClick={clear} />
      {problem && (
        <small className="p-error vot-list-filters-problem" role="alert">
          {problem}
        </small>
      )}
    </form>
  );
}
