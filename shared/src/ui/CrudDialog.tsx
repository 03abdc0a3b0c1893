import { Form, Formik, type FormikErrors, type FormikHelpers, type FormikTouched, type FormikValues } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { AnyObjectSchema } from 'yup';
import { ApiError } from '@vot/shared/api';
import { MESSAGES } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import { DeclaredField, type FieldDef } from '@vot/shared/ui';

interface Props<V extends FormikValues> {
  header: string;
  visible: boolean;
  onHide: () => void;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  initialValues: V;
  /** Resolves when saved; the dialog then closes. Rejects with ApiError to keep it open. */
  onSubmit: (values: V) => Promise<void>;
  width?: string;
}

/**
 * A create/update dialog over one yup schema (the same one the API validates with). A 400 from
 * the server puts each field's message under the field and its first message in a notice; the
 * values stay as typed, so nothing is lost.
 */
export function CrudDialog<V extends FormikValues>({ header, visible, onHide, fields, schema, initialValues, onSubmit, width = 'min(32rem, 95vw)' }: Props<V>) {
  async function submit(values: V, helpers: FormikHelpers<V>) {
    try {
      await onSubmit(schema.cast(values, { stripUnknown: true }) as V);
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(MESSAGES.somethingWrong, 0);
      const fieldErrors = Object.fromEntries(Object.entries(error.errors).map(([k, msgs]) => [k, msgs[0]]));
      helpers.setErrors(fieldErrors as FormikErrors<V>);
      helpers.setTouched(Object.fromEntries(Object.keys(fieldErrors).map((k) => [k, true])) as FormikTouched<V>, false);
      notify('error', error.message);
    }
  }
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width }} modal>
      {visible && (
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={header}>
              {fields.map((f, i) => (
                <DeclaredField key={f.name} {...f} autoFocus={i === 0} />
              ))}
              <div className="vot-dialog-actions">
                <Button type="button" label="Cancel" severity="secondary" outlined onClick={onHide} disabled={isSubmitting} />
                <Button type="submit" label={isSubmitting ? 'Loading' : 'Save'} loading={isSubmitting} />
              </div>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
