import { useState } from 'react';
import { generatePath, useNavigate } from 'react-router-dom';
import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { successMessage } from '@vot/shared/domain';
import { ConfirmDeleteDialog, DeclaredForm, ResetAppPasswordButton, useBackToList } from '@vot/shared/lists';
import {
  noSpsPatientSchema,
  patientSchema,
  reportPeriodSchema,
  votAcceptSchema,
  votEligibleSchema,
  type Patient,
  type ReportPeriodInput,
  type VotAcceptInput,
  type VotDecision,
  type VotEligibleInput,
} from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { BackButton, useCan } from '@vot/shared/ui';
import { patientsApi } from './patient.api';
import {
  HouseholdContacts,
  RegistrationRules,
  patientFields,
  patientInput,
  type PatientFormValues,
} from './patient.form';
import { routes } from '../../routes';
import { moveToVotPath } from './patient.lists';
import { reportPeriodFields, valuesOf, votAcceptFields, votEligibleFields } from './patient.sections';
import { PatientPage } from './PatientPage';
import { SectionButtons, useSection, type Section } from './SectionButtons';

const infoFields = patientFields({ withCode: true });

/** What moving to the trash does, to whom, and how it is undone: nothing is deleted. */
export function trashConfirmation(p: Patient): string {
  const from = p.township ? ` and leaves the patient lists of ${p.township.name}` : '';
  return (
    `${p.name} (${p.code}) goes to the Patient Trash${from}. Nothing is deleted: ` +
    'the patient can be recovered from Trash › Patient Trash.'
  );
}

function tabsOf(p: Patient): Section[] {
  return [
    { key: 'info', label: 'Patient Information', set: true },
    { key: 'eligible', label: 'VOT Eligible', set: Boolean(p.VOT_eligible) },
    { key: 'period', label: 'Reported Period', set: Boolean(p.report_period) },
    // Only an eligible patient is asked to accept (SPEC.md §2).
    ...(p.VOT_eligible === 'Yes' ? [{ key: 'accept', label: 'VOT Accept', set: Boolean(p.VOT_accept) }] : []),
  ];
}

/**
 * When the decision shown was made: the VOT report counts it as of that day
 * (docs/decisions/0132-dated-decisions.md). Nothing before a decision is made.
 */
function DecidedOn({ answer, day, earlier }: { answer: string | null; day: string | null; earlier: VotDecision[] }) {
  if (!answer && !earlier.length) return null;
  return (
    <>
      {answer && (
        <p className="vot-decided-on" data-testid="decided-on">
          {day ? `Decided on ${day}.` : 'Decided before decisions were dated (the day is not recorded).'}
        </p>
      )}
      {earlier.length > 0 && (
        <p className="vot-decided-on" data-testid="earlier-decisions">
          {'Earlier: '}
          {earlier
            .map((d) => `${d.value ?? 'cleared'} (${d.decided_at ? `decided on ${d.decided_at}` : 'day not recorded'})`)
            .join('; ')}
          . A report as of a day before a change counts the answer then in force.
        </p>
      )}
    </>
  );
}

/** The decisions of a kind before the one in force (the newest), newest first. */
const earlierOf = (p: Patient, kind: VotDecision['kind']) =>
  (p.VOT_decisions ?? [])
    .filter((d) => d.kind === kind)
    .slice(0, -1)
    .reverse();

/** Move To VOT appears while the form says Yes (SPEC.md §2); the move-to-DOT page belongs to the VOT module. */
function MoveToVot({ id }: { id: number }) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const navigate = useNavigate();
  const canMove = useCan('vot-eligible', 'update');
  if (values.VOT_accept !== 'Yes' || !canMove) return null;
  return (
    <Button
      type="button"
      label="Move To VOT"
      icon="pi pi-arrow-right"
      severity="success"
      onClick={() => navigate(moveToVotPath(id))}
    />
  );
}

function PatientTabs({ patient, onSaved }: { patient: Patient; onSaved: (p: Patient) => void }) {
  const tabs = tabsOf(patient);
  const [tab, setTab] = useSection(tabs, 'tab');
  const canUpdate = useCan('patients', 'update');
  const canUpdateVot = useCan('vot-eligible', 'update');
  const canDelete = useCan('patients', 'delete');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Each save starts the forms afresh from the patient as stored.
  const [saves, setSaves] = useState(0);
  const backToList = useBackToList(routes.tb.path);
  const navigate = useNavigate();

  /** Shows the patient as the API answered a change, without reading it again, each form started afresh. */
  function show(saved: Patient) {
    onSaved(saved);
    setSaves((n) => n + 1);
  }

  /** Each form's save: the API answers with the patient as stored. */
  const saving =
    <I,>(call: (id: number, input: I) => Promise<{ data: Patient }>) =>
    async (values: I) => {
      const res = await call(patient.id, values);
      notify('success', successMessage('Patient', 'updated'));
      show(res.data);
    };

  async function moveToTrash() {
    setBusy(true);
    try {
      await patientsApi.moveToTrash(patient.id);
      notify('success', successMessage('Patient', 'deleted'));
      setConfirming(false);
      backToList();
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <header className="vot-list-header">
        <BackButton />
        <h2 id="detail-title">{patient.name}</h2>
        <div className="vot-list-toolbar">
          <Button
            type="button"
            label="Investigations"
            icon="pi pi-file-edit"
            outlined
            onClick={() => navigate(generatePath(routes.patientInvestigation.path, { id: String(patient.id) }))}
          />
        </div>
      </header>
      <SectionButtons sections={tabs} current={tab} onChoose={setTab} label="Patient detail" />
      <div role="tabpanel" key={`${tab}-${saves}`}>
        {tab === 'info' && (
          <DeclaredForm<PatientFormValues>
            label="Patient Information"
            fields={infoFields}
            schema={patient.SP_code === null ? noSpsPatientSchema : patientSchema}
            initialValues={patientInput(patient)}
            onSubmit={saving(patientsApi.updateInfo)}
            submitLabel="Update"
            readOnly={!canUpdate}
            actions={
              <>
                {canDelete && (
                  // Apart from Update and the household contacts' row Deletes (which only change the
                  // form): at the far left, and named for what it does.
                  <Button
                    type="button"
                    label="Move to Trash"
                    icon="pi pi-trash"
                    severity="danger"
                    outlined
                    style={{ marginRight: 'auto' }}
                    onClick={() => setConfirming(true)}
                  />
                )}
                {canUpdate && (
                  <ResetAppPasswordButton
                    name={patient.name}
                    reset={() => patientsApi.resetPassword(patient.id)}
                    onReset={show}
                  />
                )}
              </>
            }
          >
            <RegistrationRules />
            <HouseholdContacts readOnly={!canUpdate} />
          </DeclaredForm>
        )}
        {tab === 'eligible' && (
          <>
            <DecidedOn
              answer={patient.VOT_eligible}
              day={patient.VOT_eligible_date}
              earlier={earlierOf(patient, 'eligible')}
            />
            <DeclaredForm
              label="VOT Eligible"
              fields={votEligibleFields}
              schema={votEligibleSchema}
              initialValues={valuesOf<VotEligibleInput>(patient, votEligibleFields)}
              onSubmit={saving(patientsApi.updateVotEligible)}
              submitLabel="Update"
              readOnly={!canUpdateVot}
            />
          </>
        )}
        {tab === 'period' && (
          <DeclaredForm
            label="Update Report Period"
            fields={reportPeriodFields}
            schema={reportPeriodSchema}
            initialValues={valuesOf<ReportPeriodInput>(patient, reportPeriodFields)}
            onSubmit={saving(patientsApi.updateReportPeriod)}
            submitLabel="Update Report Period"
            readOnly={!canUpdateVot}
          />
        )}
        {tab === 'accept' && (
          <>
            <DecidedOn
              answer={patient.VOT_accept}
              day={patient.VOT_accept_date}
              earlier={earlierOf(patient, 'accept')}
            />
            <DeclaredForm
              label="VOT Accept"
              fields={votAcceptFields}
              schema={votAcceptSchema}
              initialValues={valuesOf<VotAcceptInput>(patient, votAcceptFields)}
              onSubmit={saving(patientsApi.updateVotAccept)}
              submitLabel="Update"
              readOnly={!canUpdateVot}
              actions={<MoveToVot id={patient.id} />}
            />
          </>
        )}
      </div>
      <ConfirmDeleteDialog
        visible={confirming}
        busy={busy}
        text={trashConfirmation(patient)}
        yes="Yes, move to trash"
        onConfirm={() => void moveToTrash()}
        onHide={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * /admin/DSTB-patient-detail/:id (and /admin/no-dot-DSTB-patient-detail/:id, the same screen):
 * the tabs of SPEC.md §2 Patient detail, each its own form. The investigations and the TB
 * conclusion are on the investigation screen, one button away.
 */
export default function PatientDetail() {
  return (
    <PatientPage labelledBy="detail-title">
      {(patient, replace) => <PatientTabs patient={patient} onSaved={replace} />}
    </PatientPage>
  );
}
