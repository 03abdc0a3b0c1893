import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Form, Formik, useFormikContext, type FormikHelpers, type FormikValues } from 'formik';
import { Button } from 'primereact/button';
import type { AnyObjectSchema } from 'yup';
import { DeclaredField, type FieldDef } from '@vot/shared/ui';
import { showSaveError } from './formErrors';

export interface DeclaredFormProps<V extends FormikValues> {
  /** The form's accessible name (a dialog's header, a page's title). */
  label: string;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  initialValues: V;
  /** Resolves when saved. Rejects with ApiError to keep the values and show the server's messages. */
  onSubmit: (values: V) => Promise<void>;
  /** 'Update' on a detail; 'Save' by default. */
  submitLabel?: string;
  /** Every field read-only and no submit button: a role that may only read. */
  readOnly?: boolean;
  /** Buttons before Save (a detail's Delete, a dialog's Cancel). */
  actions?: ReactNode;
  /** Parts of the form that are not one field (household contacts, a computed BMI), inside the form, after the fields. */
  children?: ReactNode;
  /** Focus the first editable field: a dialog does, a page (read top to bottom) need not. */
  autoFocus?: boolean;
  /** Columns as wide as this at least; the fields flow into as many as fit. */
  columnWidth?: string;
}

/** A form's buttons: the others (Delete, Cancel), then its submit button ('Loading' while saving), none when read-only. */
export function FormActions({
  actions,
  submitLabel,
  readOnly,
  submitting,
}: {
  actions?: ReactNode;
  submitLabel: string;
  readOnly: boolean;
  submitting: boolean;
}) {
  return (
    <div className="vot-dialog-actions">
      {actions}
      {!readOnly && <Button type="submit" label={submitting ? 'Loading' : submitLabel} loading={submitting} />}
    </div>
  );
}

/**
 * A refused Save on a long page leaves its messages above the fold: focus (and so scroll to) the
 * first field with a message, once per Save.
 */
function FocusFirstError({ form }: { form: RefObject<HTMLDivElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    const invalid = form.current?.querySelector<HTMLElement>('input.p-invalid, textarea.p-invalid, .p-invalid input');
    invalid?.focus();
  }, [submitCount, isSubmitting, isValid, form]);
  return null;
}

/**
 * Fields declared as data over one yup schema (the one the API validates with), in a grid, with
 * Save: the body of every create/update dialog and of full-page forms (patient registration). The
 * values sent are the schema's cast, so a field a rule clears goes as null. A refused save is shown
 * by showSaveError: each message under its field, the first in a notice, the values kept.
 */
export function DeclaredForm<V extends FormikValues>({
  label,
  fields,
  schema,
  initialValues,
  onSubmit,
  submitLabel = 'Save',
  readOnly = false,
  actions,
  children,
  autoFocus = false,
  columnWidth = '15rem',
}: DeclaredFormProps<V>) {
  const firstEditable = fields.find((f) => !f.readOnly);
  const box = useRef<HTMLDivElement>(null);
  async function submit(values: V, helpers: FormikHelpers<V>) {
    try {
      await onSubmit(schema.cast(values, { stripUnknown: true }) as V);
    } catch (e) {
      showSaveError(e, helpers);
    }
  }
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={label}>
          <FocusFirstError form={box} />
          <div
            ref={box}
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(auto-fit, minmax(${columnWidth}, 1fr))`,
              columnGap: '1rem',
            }}
          >
            {fields.map((f) => (
              <DeclaredField
                key={f.name}
                {...f}
                readOnly={readOnly || f.readOnly}
                autoFocus={autoFocus && !readOnly && f === firstEditable}
              />
            ))}
          </div>
          {children}
          <FormActions actions={actions} submitLabel={submitLabel} readOnly={readOnly} submitting={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
