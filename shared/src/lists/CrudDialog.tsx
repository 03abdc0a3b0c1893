import type { ReactNode } from 'react';
import type { FormikValues } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { AnyObjectSchema } from 'yup';
import type { FieldDef } from '@vot/shared/ui';
import { DeclaredForm } from './DeclaredForm';

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

/** A create/update dialog: a DeclaredForm with Cancel, focused on its first editable field. */
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
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onHide}
      style={{ width }}
      breakpoints={width === NARROW ? undefined : WIDE_BREAKPOINTS}
      modal
    >
      {visible && (
        <DeclaredForm<V>
          label={header}
          fields={fields}
          schema={schema}
          initialValues={initialValues}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          readOnly={readOnly}
          autoFocus
          actions={
            <>
              {actions}
              <Button type="button" label="Cancel" severity="secondary" outlined onClick={onHide} />
            </>
          }
        />
      )}
    </Dialog>
  );
}
