import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import {
  INVESTIGATION_KINDS,
  INVESTIGATION_LABELS,
  NO_TB,
  successMessage,
  type InvestigationKind,
} from '@vot/shared/domain';
import { ClearedOnSave, DeclaredForm } from '@vot/shared/lists';
import {
  INVESTIGATIONS,
  investigationSchema,
  patientSchema,
  tbConclusionSchema,
  type InvestigationInput,
  type Patient,
  type TbConclusionInput,
} from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { BackButton, useCan } from '@vot/shared/ui';
import { patientsApi } from './patient.api';
import { HouseholdContacts, patientFields, patientInput } from './patient.form';
import { moveToVotPath } from './patient.lists';
import { investigationFields, investigationValues, tbConclusionFields, valuesOf } from './patient.sections';
import { PatientPage } from './PatientPage';
import { GREEN, SectionButtons, useSection, type Section } from './SectionButtons';

const presumptiveFields = patientFields({ withCode: true });
const schemas = Object.fromEntries(INVESTIGATION_KINDS.map((k) => [k, investigationSchema(k)])) as Record<
  InvestigationKind,
  ReturnType<typeof investigationSchema>
>;
const fieldsOf = Object.fromEntries(INVESTIGATION_KINDS.map((k) => [k, investigationFields(k)])) as Record<
  InvestigationKind,
  ReturnType<typeof investigationFields>
>;

function sectionsOf(p: Patient): Section[] {
  const recorded = (kind: InvestigationKind) => Boolean(p.investigations?.[INVESTIGATIONS[kind].done]);
  return [
    { key: 'presumptive', label: 'Presumptive Info', set: true },
    ...INVESTIGATION_KINDS.map((k) => ({ key: k, label: INVESTIGATION_LABELS[k], set: recorded(k) })),
    { key: 'tb-conclusion', label: 'TB Conclusion', set: Boolean(p.TB_status) },
  ];
}

/** No TB clears the treatment status (it is disabled, and sent as null). */
function NoTbClearsTreatment() {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  useEffect(() => {
    if (values.TB_status === NO_TB && values.treatment_status) void setFieldValue('treatment_status', '');
  }, [values.TB_status, values.treatment_status, setFieldValue]);
  return null;
}

function Sections({ patient, onSaved }: { patient: Patient; onSaved: (p: Patient) => void }) {
  const sections = sectionsOf(patient);
  const [section, setSection] = useSection(sections, 'section');
  const canUpdate = useCan('patients', 'update');
  const canMoveToVot = useCan('vot-eligible', 'update');
  const navigate = useNavigate();
  const kind = (INVESTIGATION_KINDS as readonly string[]).includes(section) ? (section as InvestigationKind) : null;

  async function saveInvestigation(values: InvestigationInput) {
    const res = await patientsApi.updateInvestigation(kind!, patient.id, values);
    notify('success', successMessage('Patient', 'updated'));
    onSaved(res.data);
  }
  async function saveConclusion(values: TbConclusionInput) {
    const res = await patientsApi.updateTbConclusion(patient.id, values);
    notify('success', successMessage('Patient', 'updated'));
    onSaved(res.data);
  }

  return (
    <>
      <header className="vot-list-header">
        <BackButton />
        <h2 id="investigation-title">{patient.name}</h2>
        <div className="vot-list-toolbar">
          {canMoveToVot && (
            <Button
              type="button"
              label="Move To VOT"
              icon="pi pi-arrow-right"
              style={{ background: GREEN, borderColor: GREEN }}
              onClick={() => navigate(moveToVotPath(patient.id))}
            />
          )}
        </div>
      </header>
      <SectionButtons sections={sections} current={section} onChoose={setSection} label="Investigations" />
      <div role="tabpanel" key={`${section}-${JSON.stringify(patient.investigations)}-${patient.TB_status ?? ''}`}>
        {section === 'presumptive' && (
          <DeclaredForm
            label="Presumptive Info"
            fields={presumptiveFields}
            schema={patientSchema}
            initialValues={patientInput(patient)}
            onSubmit={async () => {}}
            readOnly
          >
            <HouseholdContacts readOnly />
          </DeclaredForm>
        )}
        {kind && (
          <DeclaredForm
            label={INVESTIGATION_LABELS[kind]}
            fields={fieldsOf[kind]}
            schema={schemas[kind]}
            initialValues={investigationValues(patient, kind)}
            onSubmit={saveInvestigation}
            readOnly={!canUpdate}
          >
            <ClearedOnSave fields={fieldsOf[kind]} schema={schemas[kind]} />
          </DeclaredForm>
        )}
        {section === 'tb-conclusion' && (
          <DeclaredForm
            label="TB Conclusion"
            fields={tbConclusionFields}
            schema={tbConclusionSchema}
            initialValues={valuesOf<TbConclusionInput>(patient, tbConclusionFields)}
            onSubmit={saveConclusion}
            readOnly={!canUpdate}
          >
            <NoTbClearsTreatment />
            {/* Not treated, the regimen is sent as null but the registered one is kept (the API's rule). */}
            <ClearedOnSave fields={tbConclusionFields} schema={tbConclusionSchema} kept={['treatment_regimen']} />
          </DeclaredForm>
        )}
      </div>
    </>
  );
}

/**
 * /admin/DSTB-patient-investigation/:id?section=…: the investigation screen of SPEC.md §2, one
 * section at a time (Presumptive Info by default), each investigation built from the INVESTIGATIONS
 * table, then the TB conclusion; Move To VOT leads to the VOT module's move-to-DOT page.
 */
export default function PatientInvestigations() {
  return (
    <PatientPage labelledBy="investigation-title">
      {(patient, replace) => <Sections patient={patient} onSaved={replace} />}
    </PatientPage>
  );
}
