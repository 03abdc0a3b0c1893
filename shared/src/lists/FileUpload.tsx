import { useField } from 'formik';
import { ProgressBar } from 'primereact/progressbar';
import { FieldFrame } from '../ui/FieldFrame';

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
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <FieldFrame name={name} label={label} hint={hint} message={invalid ? meta.error : undefined}>
      {({ id, describedBy }) => (
        <>
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
          {progress !== null && (
            <ProgressBar
              value={Math.round(progress * 100)}
              aria-label={`${label} upload progress`}
              style={{ height: '0.9rem' }}
            />
          )}
        </>
      )}
    </FieldFrame>
  );
}
