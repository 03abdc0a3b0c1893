import { Form, Formik } from 'formik';
import { Button } from 'primereact/button';
import { showSaveError } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { DeclaredField, useCan, type FieldDef } from '@vot/shared/ui';

interface Props {
  patient: Patient;
  fields: FieldDef[];
  /** A shared yup schema of the form (its type, without this remote depending on yup). */
  schema: { cast(value: Record<string, unknown>, options: { stripUnknown: boolean }): unknown };
  initial: Record<string, unknown>;
  save: (id: number, input: never) => Promise<{ data: Patient; message: string }>;
  saved: (patient: Patient) => void;
}

/** One update form of the VOT patient view (VOT End, VDOT Conclusion): Save for those who update VOT patients. */
export function PatientForm({ patient, fields, schema, initial, save, saved }: Props) {
  const mayUpdate = useCan('vot-status', 'update');
  return (
    <Formik
      initialValues={initial}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const res = await save(patient.id, schema.cast(values, { stripUnknown: true }) as never);
          saved(res.data);
          notify('success', res.message);
        } catch (e) {
          showSaveError(e, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="vot-form">
          {fields.map((f) => (
            <DeclaredField key={f.name} {...f} readOnly={f.readOnly || !mayUpdate} />
          ))}
          {mayUpdate && <Button type="submit" label="Save" loading={isSubmitting} />}
        </Form>
      )}
    </Formik>
  );
}
