import type { ReactNode } from 'react';
import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { AnyObjectSchema } from 'yup';
import { DeclaredField, type FieldDef } from '@vot/shared/ui';
import { showSaveError } from './formErrors';

interface Props<V extends FormikValues> {
  header: string;
  visible: boolean;
  onHide: () => void;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  initialValues: V;
  /** Resolves when saved; the dialog then closes. Rejects with ApiError to keep it open. */
  onSubmit: (values: V) => Promise<void>;
  /** The volunteer forms are 60% wide (SPEC.md §9); a wide form lays its fields out in columns. */
  width?: string;
  /** 'Update' on a detail dialog; 'Save' by default. */
  submitLabel?: string;
  /** Shown without a submit button, every field read-only: a detail for a role that may only read. */
  readOnly?: boolean;
  /** More buttons before Cancel (a detail's Training and Delete). */
  actions?: ReactNode;
}

const NARROW = 'min(32rem, 95vw)';
/** A wide dialog (60%) would be cramped on a tablet: below 960 px it takes nearly the whole width. */
const WIDE_BREAKPOINTS = { '960px': '95vw' };
const fieldGrid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))', columnGap: '1rem' } as const;

/**
 * A create/update dialog over one yup schema (the same one the API validates with). A refused save
 * is shown by showSaveError: each message under its field, the first in a notice, the values kept.
 */
export function CrudDialog<V extends FormikValues>({
  header,
  visible,
  onHide,
  fields,
  schema,
  initialValues,
  onSubmit,
  width = NARROW,
  submitLabel = 'Save',
  readOnly = false,
  actions,
}: Props<V>) {
  const firstEditable = fields.find((f) => !f.readOnly);
  async function submit(values: V, helpers: FormikHelpers<V>) {
    try {
      await onSubmit(schema.cast(values, { stripUnknown: true }) as V);
    } catch (e) {
      showSaveError(e, helpers);
    }
  }
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width }} breakpoints={width === NARROW ? undefined : WIDE_BREAKPOINTS} modal>
      {visible && (
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={header}>
              <div style={fieldGrid}>
                {fields.map((f) => (
                  <DeclaredField key={f.name} {...f} readOnly={readOnly || f.readOnly} autoFocus={!readOnly && f === firstEditable} />
                ))}
              </div>
              <div className="vot-dialog-actions">
                {actions}
                <Button type="button" label="Cancel" severity="secondary" outlined onClick={onHide} disabled={isSubmitting} />
                {!readOnly && <Button type="submit" label={isSubmitting ? 'Loading' : submitLabel} loading={isSubmitting} />}
              </div>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
