import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { getIn, useField, useFormikContext } from 'formik';
import { useAtomValue } from 'jotai';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { userAtom, type SessionUser } from '@vot/shared/session';
import { useOptions } from './useOptions';
import { DROPDOWN_PT } from './dropdown';
import { FieldFrame } from './FieldFrame';

// Only a few forms need it, and the sign-in page must stay light: fetched when first shown.
const MultiSelect = lazy(() => import('primereact/multiselect').then((m) => ({ default: m.MultiSelect })));
const InputTextarea = lazy(() => import('primereact/inputtextarea').then((m) => ({ default: m.InputTextarea })));

export interface Option {
  label: string;
  value: string | number;
}

/** One form field declared as data; the dialog renders it with its label and error. */
export interface FieldDef {
  name: string;
  label: string;
  /** The label's language when it is not English ('my' for Burmese), so the browser picks a font that has its script. */
  lang?: string;
  /**
   * `computed`: a value the form works out from other fields (BMI from height and weight), shown as
   * a value, not a box to type in, and never with a message of its own: its inputs carry those.
   */
  type?: 'text' | 'email' | 'number' | 'password' | 'date' | 'textarea' | 'select' | 'multiselect' | 'computed';
  options?: Option[];
  /**
   * Options fetched when the field appears (regions, projects …), given the form's values and the
   * signed-in user (a Field Officer picks among their own townships); keep the function stable
   * (declare it at module level). It runs again when `dependsOn` changes.
   */
  loadOptions?: (values: Record<string, unknown>, user: SessionUser | null) => Promise<Option[]>;
  dependsOn?: string;
  /** Shown only while this holds (a project only for project-bound roles). */
  visible?: (values: Record<string, unknown>) => boolean;
  /** Shown when creating only (a township's project cannot change afterwards), or updating only. */
  createOnly?: boolean;
  updateOnly?: boolean;
  /** A line under the field: what it accepts (a phone number's forms), or what a computed value comes from. */
  hint?: string;
  /** Shown, not edited: a volunteer's generated code, or every field for a read-only role. */
  readOnly?: boolean;
  /**
   * Greyed out while this holds of the form's values (an investigation's date until it is Done),
   * and emptied: what a rule rules out is sent and stored null (SPEC.md §4), so an old value never
   * stays on screen, greyed, as if it were kept.
   */
  disabledWhen?: (values: Record<string, unknown>) => boolean;
  /** Set by DeclaredField from `disabledWhen`. */
  disabled?: boolean;
  /** The latest day a date field accepts, read when the field is drawn: `todayIn` for "not after today". */
  max?: () => string;
  /** The earliest day a date field accepts, given the form's values (a visit not before the VOT start date, an end not before its start). */
  min?: (values: Record<string, unknown>) => string | undefined;
  autoFocus?: boolean;
}

/** A field's options: loaded again when the field it depends on changes (not on every keystroke) or the user does. */
function useFieldOptions(given: Option[], load: FieldDef['loadOptions'], dependsOn: string | undefined) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const dependency = dependsOn ? values[dependsOn] : undefined;
  const user = useAtomValue(userAtom);
  const bound = useMemo(
    () => load && (() => load(dependsOn ? { [dependsOn]: dependency } : {}, user)),
    [load, dependsOn, dependency, user],
  );
  return useOptions(given, bound);
}

/**
 * When a field's message may show: after a Save, or once the user has changed the field (at any
 * time, even back to empty) and left it. A form just opened shows none, even when a dialog's focus
 * handling "touches" its first field on the way in (the review found 'Name is required!' under an
 * untouched volunteer dialog).
 */
function useShowError(touched: boolean, value: unknown, initialValue: unknown): boolean {
  const { submitCount } = useFormikContext();
  const edited = useRef(false);
  if (JSON.stringify(value ?? '') !== JSON.stringify(initialValue ?? '')) edited.current = true;
  return submitCount > 0 || (touched && edited.current);
}

/** Any Myanmar character: only then is the Zawgyi detector fetched (@vot/shared/text/myanmar). */
const MYANMAR = /[\u1000-\u109f]/;
export const ZAWGYI_WARNING =
  'Typed in Zawgyi: it will be saved in Unicode, so that searches typed either way find it.';

/** Whether a typed text is Burmese in Zawgyi, which the API stores converted to Unicode. */
function useZawgyi(value: unknown): boolean {
  const burmese = typeof value === 'string' && MYANMAR.test(value) ? value : null;
  const [zawgyi, setZawgyi] = useState<string | null>(null);
  useEffect(() => {
    if (burmese === null) return;
    let live = true;
    void import('../text/myanmar').then((m) => live && setZawgyi(m.isZawgyi(burmese) ? burmese : null));
    return () => {
      live = false;
    };
  }, [burmese]);
  return burmese !== null && zawgyi === burmese;
}

/** Renders a declared field unless its `visible` rule says otherwise; a field its `disabledWhen` rule rules out is emptied. */
export function DeclaredField(field: FieldDef) {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  const ruledOut = field.disabledWhen?.(values) ?? false;
  const value: unknown = getIn(values, field.name);
  const filled = Array.isArray(value) ? value.length > 0 : value !== '' && value !== null && value !== undefined;
  useEffect(() => {
    if (ruledOut && filled) void setFieldValue(field.name, field.type === 'multiselect' ? [] : '', false);
  }, [ruledOut, filled, field.name, field.type, setFieldValue]);
  if (field.visible && !field.visible(values)) return null;
  return <FormField {...field} disabled={field.disabled || ruledOut} />;
}

/** The label(s) of the chosen option(s), for a select shown read-only. */
function chosenLabel(value: unknown, options: Option[]): string {
  const chosen = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return chosen.map((v) => options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
}

export function FormField({
  name,
  label,
  lang,
  type = 'text',
  options: given = [],
  loadOptions,
  dependsOn,
  readOnly,
  disabled,
  max,
  min,
  autoFocus,
  hint,
}: FieldDef) {
  const { options, loading } = useFieldOptions(given, loadOptions, dependsOn);
  const [field, meta, helpers] = useField<string | number | null>(name);
  const { values } = useFormikContext<Record<string, unknown>>();
  const showError = useShowError(meta.touched, field.value, meta.initialValue);
  const invalid = Boolean(meta.error && showError);
  const select = type === 'select' || type === 'multiselect';
  const zawgyi = useZawgyi((type === 'text' || type === 'textarea') && !readOnly ? field.value : null);
  // PrimeReact reports a select's blur a tick late, after a click on Save has submitted: validating
  // then would replace the server's refusal shown under the fields. Choosing validates already.
  const markTouched = () => void helpers.setTouched(true, false);
  return (
    // A long text takes the whole row of a wide, multi-column form.
    <FieldFrame
      name={name}
      label={label}
      lang={lang}
      hint={zawgyi ? ZAWGYI_WARNING : hint}
      message={invalid && type !== 'computed' ? meta.error : undefined}
      style={type === 'textarea' ? { gridColumn: '1 / -1' } : undefined}
    >
      {({ id, describedBy }) =>
        type === 'computed' ? (
          <output id={id} className="vot-computed" aria-describedby={describedBy}>
            {field.value === null || field.value === undefined || field.value === '' ? '–' : String(field.value)}
          </output>
        ) : select && readOnly ? (
          // Shown, not chosen: a read-only text stays in the Tab order (a disabled select would not) and reads as the option's label.
          <InputText
            id={id}
            value={loading ? '' : chosenLabel(field.value, options)}
            readOnly
            autoFocus={autoFocus}
            aria-describedby={describedBy}
          />
        ) : type === 'multiselect' ? (
          // Until the chunk arrives the field is an input already (no "Loading" in its place), just not editable.
          <Suspense fallback={<InputText id={id} placeholder={`Select ${label}`} disabled />}>
            <MultiSelect
              inputId={id}
              value={Array.isArray(field.value) ? field.value : []}
              options={options}
              onChange={(e) => void helpers.setValue(e.value)}
              onBlur={markTouched}
              placeholder={`Select ${label}`}
              display="chip"
              disabled={disabled}
              invalid={invalid}
              autoFocus={autoFocus}
              aria-describedby={describedBy}
            />
          </Suspense>
        ) : type === 'select' ? (
          <Dropdown
            pt={DROPDOWN_PT}
            inputId={id}
            value={field.value}
            options={options}
            onChange={(e) => void helpers.setValue(e.value)}
            onBlur={markTouched}
            // The dropdown's own spinner says it is loading; the field keeps its placeholder.
            placeholder={`Select ${label}`}
            loading={loading}
            disabled={disabled}
            invalid={invalid}
            filter={options.length > 10}
            // Focuses the hidden input that carries the id, so the label names what has focus.
            autoFocus={autoFocus}
            aria-describedby={describedBy}
          />
        ) : type === 'textarea' ? (
          // A plain textarea until PrimeReact's arrives: typing is never blocked by a download.
          <Suspense
            fallback={
              <textarea
                id={id}
                name={name}
                className="p-inputtextarea p-inputtext p-component"
                rows={2}
                value={field.value == null ? '' : String(field.value)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                readOnly={readOnly}
                aria-describedby={describedBy}
              />
            }
          >
            <InputTextarea
              id={id}
              name={name}
              value={field.value == null ? '' : String(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              readOnly={readOnly}
              disabled={disabled}
              invalid={invalid}
              autoFocus={autoFocus}
              autoResize
              rows={2}
              aria-describedby={describedBy}
            />
          </Suspense>
        ) : (
          <InputText
            id={id}
            name={name}
            type={type}
            value={field.value == null ? '' : String(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            readOnly={readOnly}
            disabled={disabled}
            max={type === 'date' ? max?.() : undefined}
            min={type === 'date' ? min?.(values) : undefined}
            invalid={invalid}
            autoFocus={autoFocus}
            aria-describedby={describedBy}
          />
        )
      }
    </FieldFrame>
  );
}
