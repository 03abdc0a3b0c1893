import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { Option } from '@vot/shared/ui';
import { DROPDOWN_PT } from '../ui/dropdown';

type Row = Record<string, unknown>;

/** One input of the row being added. */
export interface RowInputDef<R extends Row> {
  name: keyof R & string;
  label: string;
  type?: 'text' | 'number' | 'select';
  options?: Option[];
  /** Each choice at most once in the list (a referral place): a used one leaves the choices and returns when its row is deleted. */
  once?: boolean;
  /** Read-only, worked out from the other inputs (a total of male and female). */
  compute?: (draft: Partial<R>) => R[keyof R] | undefined;
}

export interface RowsEditorProps<R extends Row> {
  /** The form field holding the rows. */
  name: string;
  legend: string;
  inputs: RowInputDef<R>[];
  /** The table's columns, in their order; `body` draws a cell the row does not hold (a row number). */
  columns: { field: string; header: string; body?: (row: R, index: number) => ReactNode }[];
  /** The first problem of the row about to be added, in the spec's words; undefined when it may be added. */
  check: (draft: Partial<R>) => string | undefined;
  /** The rows shown, with nothing to add or delete (a role that may not update). */
  readOnly?: boolean;
  emptyMessage?: string;
}

function parse(type: RowInputDef<Row>['type'], raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return type === 'number' ? Number(raw) : raw;
}

/** The first message of a field error, which for a list can be a list of row errors. */
function firstMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    for (const value of Object.values(error)) {
      const message = firstMessage(value);
      if (message) return message;
    }
  }
  return undefined;
}

/**
 * Rows of a form added one at a time (referral counts, household contacts): inputs and an Add
 * button that checks the row first, then a table of the rows with Delete. Enter in an input adds
 * the row instead of submitting the whole form.
 */
export function RowsEditor<R extends Row>({
  name,
  legend,
  inputs,
  columns,
  check,
  readOnly,
  emptyMessage = 'No rows yet.',
}: RowsEditorProps<R>) {
  const [field, meta, helpers] = useField<R[]>(name);
  const { submitCount } = useFormikContext();
  const rows = field.value ?? [];
  // DataTable keeps cell renders from earlier rows: their Delete must read the rows as they are now.
  const current = useRef(rows);
  current.current = rows;
  const [raw, setRaw] = useState<Record<string, unknown>>({});
  const [warning, setWarning] = useState<string>();
  const box = useRef<HTMLFieldSetElement>(null);
  // The position of a row just deleted: its Delete had focus, which must not fall to the page.
  const deleted = useRef<number | null>(null);
  const idOf = (input: string) => `${name}-${input}`;
  const firstInputId = inputs[0] ? idOf(inputs[0].name) : '';
  const focusFirstInput = () => document.getElementById(firstInputId)?.focus();

  const typed = Object.fromEntries(
    inputs.filter((i) => !i.compute).map((i) => [i.name, parse(i.type, raw[i.name])]),
  ) as Partial<R>;
  const draft = {
    ...typed,
    ...Object.fromEntries(inputs.filter((i) => i.compute).map((i) => [i.name, i.compute!(typed)])),
  } as Partial<R>;

  function add() {
    const problem = check(draft);
    setWarning(problem);
    if (problem) return;
    void helpers.setValue([...rows, draft as R]);
    setRaw({});
    focusFirstInput();
  }
  function remove(row: R) {
    deleted.current = current.current.indexOf(row);
    void helpers.setValue(current.current.filter((r) => r !== row));
  }
  // Once the row is gone, focus the Delete that took its place, else the one before, else the first input.
  useEffect(() => {
    const index = deleted.current;
    if (index === null) return;
    deleted.current = null;
    const deletes = box.current?.querySelectorAll<HTMLElement>('[data-row-delete]') ?? [];
    (deletes[index] ?? deletes[index - 1] ?? document.getElementById(firstInputId))?.focus();
  }, [field.value, firstInputId]);
  function addOnEnter(e: KeyboardEvent) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  }
  const choicesOf = (input: RowInputDef<R>) =>
    input.once
      ? (input.options ?? []).filter((o) => !rows.some((r) => r[input.name] === o.value))
      : (input.options ?? []);

  const error = meta.touched || submitCount > 0 ? firstMessage(meta.error) : undefined;
  return (
    <fieldset
      ref={box}
      className="vot-field"
      style={{ border: '1px solid #e5e7eb', borderRadius: 6, padding: '0.75rem' }}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend style={{ fontWeight: 600 }}>{legend}</legend>
      {!readOnly && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' }}>
          {inputs.map((input) => (
            <div
              key={input.name}
              className="vot-field"
              style={{ marginBottom: 0, flex: input.type === 'select' ? '2 1 12rem' : '1 1 6rem' }}
            >
              <label htmlFor={idOf(input.name)}>{input.label}</label>
              {input.type === 'select' ? (
                <Dropdown
                  pt={DROPDOWN_PT}
                  inputId={idOf(input.name)}
                  value={raw[input.name] ?? null}
                  options={choicesOf(input)}
                  onChange={(e) => setRaw((r) => ({ ...r, [input.name]: e.value }))}
                  placeholder={`Select ${input.label}`}
                  emptyMessage="Every choice is used"
                />
              ) : (
                <InputText
                  id={idOf(input.name)}
                  type={input.type === 'number' ? 'number' : 'text'}
                  min={input.type === 'number' ? 0 : undefined}
                  step={input.type === 'number' ? 1 : undefined}
                  inputMode={input.type === 'number' ? 'numeric' : undefined}
                  readOnly={Boolean(input.compute)}
                  value={String((input.compute ? draft[input.name] : raw[input.name]) ?? '')}
                  onChange={(e) => setRaw((r) => ({ ...r, [input.name]: e.target.value }))}
                  onKeyDown={addOnEnter}
                />
              )}
            </div>
          ))}
          <Button type="button" label="Add" icon="pi pi-plus" outlined onClick={add} />
        </div>
      )}
      {warning && (
        <small className="p-error" role="alert">
          {warning}
        </small>
      )}
      <DataTable value={rows} size="small" emptyMessage={emptyMessage} aria-label={legend}>
        {columns.map((c) => (
          <Column
            key={c.field}
            field={c.field}
            header={c.header}
            body={c.body && ((row: R, { rowIndex }: { rowIndex: number }) => c.body!(row, rowIndex))}
          />
        ))}
        {!readOnly && (
          // SPEC.md §2 names the household contacts' last column 'Delete': it holds nothing else.
          <Column
            header="Delete"
            body={(row: R, { rowIndex }: { rowIndex: number }) => (
              // Named after its row's first cell it holds: 'Delete Township Hospital', 'Delete U Tun', not one of several bare 'Delete's.
              <Button
                type="button"
                label="Delete"
                aria-label={`Delete ${String(columns.map((c) => row[c.field]).find((v) => v !== undefined && v !== null && v !== '') ?? rowIndex + 1)}`}
                size="small"
                severity="danger"
                outlined
                data-row-delete
                onClick={() => remove(row)}
              />
            )}
          />
        )}
      </DataTable>
      {error && (
        <small id={`${name}-error`} className="p-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
