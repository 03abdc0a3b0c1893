import { Form, Formik } from 'formik';
import { Button } from 'primereact/button';
import { Link, useSearchParams } from 'react-router-dom';
import { YES_NO, todayIn } from '@vot/shared/domain';
import { optionsOf, showSaveError } from '@vot/shared/lists';
import { moveToVotSchema, type MoveToVotInput, type Patient } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { BackButton, DeclaredField, useCan } from '@vot/shared/ui';
import { votDetailsConditionPath } from '../../routes';
import { PatientPage } from '../PatientPage';
import { patientTreatmentApi } from '../patient-treatment.api';

function MoveToVotForm({ patient, replace }: { patient: Patient; replace: (p: Patient) => void }) {
  const [params] = useSearchParams();
  const mayUpdate = useCan('vot-status', 'update');
  // Once visits exist the choice and the date are locked (the server refuses too).
  const locked = patient.DOTs > 0 || !mayUpdate;
  const asked = params.get('VOT_accept');
  const initial = {
    VOT_accept: patient.DOT_start_date ? 'Yes' : asked === 'Yes' || asked === 'No' ? asked : (patient.VOT_accept ?? ''),
    DOT_start_date: patient.DOT_start_date ?? '',
  };
  return (
    <section>
      <BackButton />
      <h2>{patient.name}</h2>
      <Formik
        initialValues={initial as unknown as MoveToVotInput}
        validationSchema={moveToVotSchema(patient.treatment_start_date)}
        onSubmit={async (values, helpers) => {
          try {
            const res = await patientTreatmentApi.moveToVot(
              patient.id,
              moveToVotSchema(patient.treatment_start_date).cast(values) as MoveToVotInput,
            );
            replace(res.data);
            notify('success', res.message);
          } catch (e) {
            showSaveError(e, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="vot-form">
            <DeclaredField
              name="VOT_accept"
              label="VOT Patient"
              type="select"
              options={optionsOf(YES_NO)}
              readOnly={locked}
            />
            <DeclaredField
              name="DOT_start_date"
              label="VOT Start Date"
              type="date"
              max={todayIn}
              readOnly={locked}
              visible={(v) => v.VOT_accept === 'Yes'}
            />
            <p>
              <Link to={votDetailsConditionPath(patient.id)}>VOT with/without volunteer?</Link>
            </p>
            {mayUpdate && patient.DOTs > 0 && (
              <p className="vot-note" role="note">
                {patient.name} has {patient.DOTs} VOT visit {patient.DOTs === 1 ? 'record' : 'records'}: the VOT patient
                choice and the VOT start date can no longer change.
              </p>
            )}
            {!locked && <Button type="submit" label="Save" loading={isSubmitting} />}
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** /admin/move-to-DOT/:id?VOT_accept=Yes|No (SPEC.md §2 Move To VOT page): Save only while the patient has no visit records. */
export default function MoveToVot() {
  return <PatientPage>{(patient, replace) => <MoveToVotForm patient={patient} replace={replace} />}</PatientPage>;
}
