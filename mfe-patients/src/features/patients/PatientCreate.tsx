import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { generatePath, useNavigate } from 'react-router-dom';
import { successMessage } from '@vot/shared/domain';
import { DeclaredForm } from '@vot/shared/lists';
import {
  noSpsPatientCreateSchema,
  patientCreateSchema,
  type PatientInput,
  type PossibleDuplicate,
} from '@vot/shared/schemas';
import { notify, userAtom } from '@vot/shared/session';
import { BackButton } from '@vot/shared/ui';
import { patientsApi } from './patient.api';
import {
  HouseholdContacts,
  RegistrationRules,
  emptyPatient,
  patientFields,
  type PatientFormValues,
} from './patient.form';
import { PossibleDuplicatesDialog } from './PossibleDuplicates';
import { routes } from '../../routes';

const withSp = { title: 'Add DRTB patient', fields: patientFields(), schema: patientCreateSchema };
const noSps = {
  title: 'To Add DRTB No SPS Patient',
  fields: patientFields({ presumptive: true }),
  schema: noSpsPatientCreateSchema,
};

/**
 * SPEC.md §2 Patient creation, a page of its own (it is long): Add DRTB patient, or with `noSps`
 * the presumptive patient without an SP code. Save first shows the registered patients who may be
 * this one (PossibleDuplicatesDialog: go back, or register anyway), then opens the new patient's
 * detail, where its code and first app password are shown to hand out.
 */
export default function PatientCreate({ noSps: withoutSp = false }: { noSps?: boolean }) {
  const form = withoutSp ? noSps : withSp;
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<{ candidates: PossibleDuplicate[]; answer: (go: boolean) => void } | null>(null);

  /** Whether to register: yes when nobody registered looks like this patient, else the user's answer. */
  async function noDuplicateOrGoOn(values: PatientFormValues): Promise<boolean> {
    const candidates = await patientsApi
      .possibleDuplicates({
        township_id: Number(values.township_id),
        name: values.name,
        age: Number(values.age),
        patient_phone_no: values.patient_phone_no,
      })
      .then(
        (res) => res.data,
        () => [],
      );
    if (!candidates.length) return true;
    return new Promise((answer) => setAsking({ candidates, answer }));
  }

  async function save(values: PatientFormValues) {
    if (!(await noDuplicateOrGoOn(values))) return;
    const res = withoutSp
      ? await patientsApi.createNoSps(values as PatientInput & { presumptive_TB_number?: number })
      : await patientsApi.create(values);
    notify('success', successMessage('Patient', 'created'));
    navigate(generatePath(routes.patientDetail.path, { id: String(res.data.id) }), { replace: true });
  }

  return (
    <section className="vot-list-page" aria-labelledby="form-title">
      <header className="vot-list-header">
        <BackButton />
        <h2 id="form-title">{form.title}</h2>
      </header>
      <DeclaredForm<PatientFormValues>
        label={form.title}
        fields={form.fields}
        schema={form.schema}
        initialValues={emptyPatient(user)}
        onSubmit={save}
      >
        <RegistrationRules clearingCodes presumptive={withoutSp} />
        <HouseholdContacts />
      </DeclaredForm>
      <PossibleDuplicatesDialog
        candidates={asking?.candidates ?? null}
        onAnswer={(go) => {
          asking?.answer(go);
          setAsking(null);
        }}
      />
    </section>
  );
}
