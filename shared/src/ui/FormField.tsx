import { useEffect, useState } from 'react';
import { useField } from 'formik';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';

export interface Option {
  label: string;
  value: string | number;
}

/** One form field declared as data; the dialog renders it with its label and error. */
export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'number' | 'password' | 'select';
  options?: Option[];
  /** Options fetched when the field appears (regions, projects …); keep the function stable. */
  loadOptions?: () => Promise<Option[]>;
  /** Shown when creating only (a township's project cannot change afterwards). */
  createOnly?: boolean;
  autoFocus?: boolean;
}

/** The given options, or those `load` fetches; a failed load leaves the list empty (the API client has told the user). */
function useOptions(options: Option[], load?: () => Promise<Option[]>): { options: Option[]; loading: boolean } {
  const [loaded, setLoaded] = useState<Option[] | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (o) => live && setLoaded(o),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return load ? { options: loaded ?? [], loading: loaded === null } : { options, loading: false };
}

export function FormField({ name, label, type = 'text', options: given = [], loadOptions, autoFocus }: FieldDef) {
  const { options, loading } = useOptions(given, loadOptions);
  const [field, meta, helpers] = useField<string | number | null>(name);
  const id = `field-${name}`;
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = invalid ? `${id}-error` : undefined;
  return (
    <div className="vot-field">
      <label htmlFor={id}>{label}</label>
      {type === 'select' ? (
        <Dropdown
          inputId={id}
          value={field.value}
          options={options}
          onChange={(e) => void helpers.setValue(e.value)}
          onBlur={() => void helpers.setTouched(true)}
          placeholder={loading ? 'Loading' : `Select ${label}`}
          loading={loading}
          invalid={invalid}
          filter={options.length > 10}
          aria-describedby={describedBy}
        />
      ) : (
        <InputText
          id={id}
          name={name}
          type={type}
          value={field.value == null ? '' : String(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalid={invalid}
          autoFocus={autoFocus}
          aria-describedby={describedBy}
        />
      )}
      {invalid && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {meta.error}
        </small>
      )}
    </div>
  );
}
