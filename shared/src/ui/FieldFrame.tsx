import type { CSSProperties, ReactNode } from 'react';

/** What the framed control carries: the id its label names, and the ids of the hint and message that describe it. */
export interface FieldControl {
  id: string;
  describedBy: string | undefined;
}

interface Props {
  /** The field's name: the control's id is `field-<name>`. */
  name: string;
  label: string;
  /** The label's language when it is not English ('my' for Burmese). */
  lang?: string;
  /** A line under the control: what is accepted, how large. */
  hint?: string;
  /** The field's message, when it may show. */
  message?: string;
  style?: CSSProperties;
  /** Draws the control (and anything that goes right under it) with its id and description. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A form field's frame: the label, the control, a hint and the message, tied together by their ids
 * (the label's `for`, the control's aria-describedby). Plain HTML in the kit's classes, importing
 * nothing, so the sign-in page draws its fields with it before PrimeReact's code or formik is
 * fetched (@vot/shared/ui/field-frame is the light path to it); FormField and FileUpload draw their
 * controls in it too.
 */
export function FieldFrame({ name, label, lang, hint, message, style, children }: Props) {
  const id = `field-${name}`;
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="vot-field" style={style}>
      <label htmlFor={id} lang={lang}>
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <small id={`${id}-hint`} className="vot-muted">
          {hint}
        </small>
      )}
      {message && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}
