import { useField } from 'formik';
import { ProgressBar } from 'primereact/progressbar';

interface Props {
  /** The form field; it holds the chosen File, or null. */
  name: string;
  label: string;
  /** What the picker offers ('application/pdf'); the form still checks what was chosen. */
  accept?: string;
  /** A line under the input: what is accepted, how large. */
  hint?: string;
  /** The fraction sent (0 to 1) while uploading, else null. */
  progress?: number | null;
  autoFocus?: boolean;
}

/**
 * A file input bound to a formik field, with its label, hint, error and upload progress. The
 * browser's own input: it opens with Enter or Space and a screen reader names the chosen file.
 */
export function FileUpload({ name, label, accept, hint, progress = null, autoFocus }: Props) {
  const [, meta, helpers] = useField<File | null>(name);
  const id = `field-${name}`;
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vot-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        className={invalid ? 'p-inputtext p-invalid' : 'p-inputtext'}
        autoFocus={autoFocus}
        disabled={progress !== null}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => {
          // Checked at once: a wrong file is named before a long upload starts.
          void helpers.setTouched(true, false);
          void helpers.setValue(e.currentTarget.files?.[0] ?? null, true);
        }}
      />
      {hint && (
        <small id={`${id}-hint`} className="vot-muted">
          {hint}
        </small>
      )}
      {progress !== null && <ProgressBar value={Math.round(progress * 100)} aria-label={`${label} upload progress`} style={{ height: '0.9rem' }} />}
      {invalid && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {meta.error}
        </small>
      )}
    </div>
  );
}
