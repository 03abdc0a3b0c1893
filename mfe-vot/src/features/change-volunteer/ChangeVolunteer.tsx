import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HYBRID, PURE_OR_HYBRID, VOT_TYPES, YES_NO, successMessage, todayIn } from '@vot/shared/domain';
import { optionsOf, showSaveError, townshipVolunteerOptions } from '@vot/shared/lists';
import { changeVolunteerSchema, type ChangeVolunteerInput, type Patient } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { BackButton, DeclaredField, ReadOnlyFacts, useCan, type FieldDef } from '@vot/shared/ui';
import { changeVolunteerListPath, pureHybridHistoriesPath } from '../../routes';
import { changeVolunteersApi } from '../history/history.api';
import { PatientPage } from '../PatientPage';
import { patientTreatmentApi } from '../patient-treatment.api';

export const CONFIRM_TITLE = 'Are you sure to update pure or hybrid';

type Values = Record<keyof ChangeVolunteerInput, unknown>;
const withVolunteer = (v: Record<string, unknown>) => v.with_volunteer === 'Yes';

/** Hybrid forces with volunteer Yes (SPEC.md §4). */
function HybridForcesVolunteer() {
  const { values, setFieldValue } = useFormikContext<Values>();
  useEffect(() => {
    if (values.pure_or_hybrid === HYBRID && values.with_volunteer !== 'Yes')
      void setFieldValue('with_volunteer', 'Yes');
  }, [values.pure_or_hybrid, values.with_volunteer, setFieldValue]);
  return null;
}

function ChangeVolunteerForm({
  patient,
  replace,
  title,
}: {
  patient: Patient;
  replace: (p: Patient) => void;
  title: string;
}) {
  const navigate = useNavigate();
  const mayChange = useCan('change-volunteers', 'create');
  const [pending, setPending] = useState<{ values: Values; helpers: FormikHelpers<Values> } | null>(null);
  const townshipId = patient.township?.id;
  const onVot = Boolean(patient.DOT_start_date) && !patient.DOT_end_date;
  // Only the active volunteers of the patient's township may be chosen (the server checks it too).
  const fields = useMemo<FieldDef[]>(
    () => [
      { name: 'with_volunteer', label: 'VOT with Volunteer (Yes/No)', type: 'select', options: optionsOf(YES_NO) },
      { name: 'pure_or_hybrid', label: 'VOT Pure or Hybrid', type: 'select', options: optionsOf(PURE_OR_HYBRID) },
      { name: 'change_date', label: 'Date', type: 'date', max: todayIn },
      {
        name: 'volunteer_id',
        label: 'Select Volunteer',
        type: 'select',
        loadOptions: () => (townshipId ? townshipVolunteerOptions(townshipId) : Promise.resolve([])),
        visible: withVolunteer,
      },
      { name: 'type', label: 'App or No App', type: 'select', options: optionsOf(VOT_TYPES), visible: withVolunteer },
    ],
    [townshipId],
  );
  const empty: Values = {
    patient_id: patient.id,
    change_date: '',
    pure_or_hybrid: '',
    with_volunteer: '',
    volunteer_id: '',
    type: '',
  };

  async function save() {
    if (!pending) return;
    const { values, helpers } = pending;
    setPending(null);
    try {
      const res = await changeVolunteersApi.create(changeVolunteerSchema.cast(values) as ChangeVolunteerInput);
      notify('success', res.message ?? successMessage('Change Volunteer', 'created'));
      replace((await patientTreatmentApi.show(patient.id)).data);
      helpers.resetForm();
    } catch (e) {
      showSaveError(e, helpers);
    }
  }

  return (
    <section>
      <BackButton />
      <h2>{title}</h2>
      <ReadOnlyFacts
        label="Current VOT"
        facts={[
          { label: 'Patient', value: patient.name },
          { label: 'Pure or Hybrid', value: patient.pure_or_hybrid },
          { label: 'Volunteer', value: patient.volunteer?.name },
          { label: 'Type', value: patient.type },
        ]}
      />
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '1rem' }}>
        <Button
          type="button"
          label="Pure or Hybrid History"
          outlined
          onClick={() => navigate(changeVolunteerListPath(patient.id))}
        />
        {patient.DOT_start_date && (
          <Button
            type="button"
            label="Pure or Hybrid Change Histories"
            outlined
            onClick={() => navigate(pureHybridHistoriesPath(patient.id))}
          />
        )}
      </div>
      {mayChange && !onVot && (
        <p className="vot-note" role="note">
          {patient.DOT_end_date
            ? `VOT ended on ${patient.DOT_end_date}: ${patient.name}'s pure or hybrid and volunteer can no longer change.`
            : `${patient.name} has no VOT start date yet: move the patient to VOT first.`}
        </p>
      )}
      {mayChange && onVot && (
        <Formik
          initialValues={empty}
          validationSchema={changeVolunteerSchema}
          onSubmit={(values, helpers) => setPending({ values, helpers })}
        >
          <Form noValidate className="vot-form">
            <HybridForcesVolunteer />
            {fields.map((f) => (
              <DeclaredField key={f.name} {...f} />
            ))}
            <Button type="submit" label="Submit" />
          </Form>
        </Formik>
      )}
      <Dialog
        header={CONFIRM_TITLE}
        visible={pending !== null}
        onHide={() => setPending(null)}
        footer={
          <>
            <Button type="button" label="Cancel" outlined onClick={() => setPending(null)} />
            <Button type="button" label="Yes, update it!" onClick={() => void save()} />
          </>
        }
      >
        <p>{patient.name}</p>
      </Dialog>
    </section>
  );
}

/**
 * /admin/change-volunteer-create/:id and /admin/vot-details-condition/:id (SPEC.md §2): the
 * patient's current pure or hybrid, volunteer and type, and a dated change of them.
 */
export function ChangeVolunteerCreate() {
  return (
    <PatientPage>
      {(patient, replace) => (
        <ChangeVolunteerForm patient={patient} replace={replace} title={`${patient.name} Change Volunteer`} />
      )}
    </PatientPage>
  );
}

export function VotDetailsCondition() {
  return (
    <PatientPage>
      {(patient, replace) => (
        <ChangeVolunteerForm patient={patient} replace={replace} title={`${patient.name} VOT Details`} />
      )}
    </PatientPage>
  );
}
