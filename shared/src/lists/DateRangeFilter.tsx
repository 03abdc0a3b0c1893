import { useId, useRef } from 'react';
import * as yup from 'yup';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { todayIn } from '@vot/shared/domain';
import { dateRangeFilter } from '@vot/shared/schemas';

type Draft = Record<string, string>;
type SetDraft = (update: (d: Draft) => Draft) => void;

/** How the console writes a day everywhere (lists, details, exports): the placeholder of a date filter. */
export const DAY_FORMAT = 'yyyy-mm-dd';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const rangeSchema = yup.object(dateRangeFilter);

/**
 * What is wrong with the typed range, with the server's own messages (SPEC.md §5 "Any list date
 * filter": a day as yyyy-mm-dd, not after today, the end not before the start), and not before the
 * list's earliest day; undefined when it may be searched.
 */
export function dateRangeProblem(draft: Draft, min?: string): string | undefined {
  try {
    rangeSchema.validateSync({ start_date: draft.start_date ?? '', end_date: draft.end_date ?? '' });
  } catch (e) {
    return (e as yup.ValidationError).errors[0];
  }
  if (min && draft.start_date && draft.start_date < min) return `Start Date may not be before ${min}!`;
  return undefined;
}

/**
 * A day typed as the console shows days (yyyy-mm-dd, whatever the browser's language), under its
 * own label, with a button that opens the browser's calendar (a date input's picker, which keeps to
 * `min` and `max`) and writes the chosen day into the field.
 */
function DayField({
  label,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max: string;
  disabled?: boolean;
  onChange: (day: string) => void;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  function openPicker() {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.focus();
  }
  return (
    <span className="vot-day-filter">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <span className="p-inputgroup">
        <InputText
          id={id}
          value={value}
          placeholder={DAY_FORMAT}
          inputMode="numeric"
          autoComplete="off"
          maxLength={DAY_FORMAT.length}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <Button
          type="button"
          icon="pi pi-calendar"
          outlined
          severity="secondary"
          // Named apart from the field (a search by the label finds the field alone), described by the label.
          aria-label="Open calendar"
          aria-describedby={`${id}-label`}
          disabled={disabled}
          onClick={openPicker}
        />
      </span>
      {/* Of no form (`form` names none): its min and max must not stop the filters' Search; the typed day is checked instead. */}
      <input
        ref={picker}
        type="date"
        form=""
        className="vot-day-picker"
        tabIndex={-1}
        aria-hidden="true"
        value={ISO_DAY.test(value) ? value : ''}
        min={min}
        max={max}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </span>
  );
}

/** Start Date and End Date (SPEC.md §5: the end disabled until a start is chosen, may not precede it, neither after today). */
export function DateRangeFilter({ draft, setDraft, min }: { draft: Draft; setDraft: SetDraft; min?: string }) {
  const today = todayIn();
  const start = draft.start_date ?? '';
  return (
    <>
      <DayField
        label="Start Date"
        value={start}
        min={min}
        max={today}
        onChange={(next) =>
          setDraft((d) => {
            // An end before the new start would be refused: clear it rather than send a bad range.
            const end = d.end_date && ISO_DAY.test(next) && d.end_date < next ? '' : (d.end_date ?? '');
            return { ...d, start_date: next, end_date: next ? end : '' };
          })
        }
      />
      <DayField
        label="End Date"
        value={draft.end_date ?? ''}
        min={start || min}
        max={today}
        disabled={!start}
        onChange={(next) => setDraft((d) => ({ ...d, end_date: next }))}
      />
    </>
  );
}
