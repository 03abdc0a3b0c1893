import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useNavigate } from 'react-router-dom';
import { TREATMENT_OUTCOMES, VOT_STOP_REASONS, VOT_STOPPED_OUTCOME, todayIn } from '@vot/shared/domain';
import { optionsOf } from '@vot/shared/lists';
import { vdotConclusionSchema, votEndSchema, type Patient } from '@vot/shared/schemas';
import { BackButton, ReadOnlyFacts } from '@vot/shared/ui';
import {
  fuSputumListPath,
  infectionCheckListPath,
  patientMedicineListPath,
  votCalendarPath,
  votDetailsConditionPath,
  votStatusPath,
} from '../../routes';
import { FollowUpHistory } from '../follow-ups/FollowUpHistory';
import { LedgerPanel } from '../ledger/LedgerPanel';
import { PatientPage } from '../PatientPage';
import { patientTreatmentApi } from '../patient-treatment.api';
import { PatientForm } from './PatientForm';

const PRESUMPTIVE: [keyof Patient, string][] = [
  ['SP_code', 'SP Code'],
  ['code', 'Code'],
  ['unique_id', 'Township DRTB Code'],
  ['DRTB_code', 'DRTB Code'],
  ['age', 'Age'],
  ['sex', 'Sex'],
  ['patient_phone_no', 'Patient Phone No'],
  ['patient_address', 'Patient Address'],
  ['treatment_start_date', 'Treatment Start Date'],
  ['treatment_regimen', 'Treatment Regimen'],
  ['TB_status', 'TB Status'],
  ['pure_or_hybrid', 'Pure or Hybrid'],
  ['type', 'Type'],
];

function View({
  patient,
  replace,
  withVolunteerVariant,
}: {
  patient: Patient;
  replace: (p: Patient) => void;
  withVolunteerVariant: boolean;
}) {
  const navigate = useNavigate();
  // SPEC.md §2: VDOT Conclusion only with a volunteer in the first variant, always in the second.
  const showConclusion = !withVolunteerVariant || patient.volunteer !== null;
  return (
    <section>
      <BackButton />
      <h2>{patient.name}</h2>
      <div className="vot-buttons" style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '1rem' }}>
        <Button
          type="button"
          label={withVolunteerVariant ? 'VOT with volunteer' : 'VOT without volunteer'}
          outlined
          onClick={() => navigate(votDetailsConditionPath(patient.id))}
        />
        <Button type="button" label="VOT Calendar" outlined onClick={() => navigate(votCalendarPath(patient.id))} />
        <Button type="button" label="VOT Status" outlined onClick={() => navigate(votStatusPath(patient))} />
        <Button
          type="button"
          label="Medicines"
          outlined
          onClick={() => navigate(patientMedicineListPath(patient.id))}
        />
        <Button type="button" label="F/U Sputum" outlined onClick={() => navigate(fuSputumListPath(patient.id))} />
        <Button
          type="button"
          label="Infection Check List"
          outlined
          onClick={() => navigate(infectionCheckListPath(patient.id))}
        />
      </div>
      <LedgerPanel patientId={patient.id} />
      <FollowUpHistory patientId={patient.id} />
      <TabView>
        <TabPanel header="Presumptive info">
          <ReadOnlyFacts
            label="Presumptive info"
            facts={[
              ...PRESUMPTIVE.map(([field, label]) => ({
                label,
                // The phone as it was typed (it is stored normalised too).
                value:
                  field === 'patient_phone_no'
                    ? (patient.patient_phone_no_typed ?? patient.patient_phone_no)
                    : patient[field] === null || patient[field] === undefined
                      ? null
                      : String(patient[field]),
              })),
              { label: 'TSP', value: patient.township?.abbreviation },
            ]}
          />
        </TabPanel>
        <TabPanel header="VOT End">
          <ReadOnlyFacts facts={[{ label: 'Volunteer', value: patient.volunteer?.name }]} />
          <PatientForm
            patient={patient}
            fields={[
              { name: 'DOT_start_date', label: 'VOT Start Date', type: 'date', readOnly: true },
              { name: 'DOT_end_date', label: 'VOT End Date', type: 'date', max: todayIn },
            ]}
            schema={votEndSchema}
            initial={{ DOT_start_date: patient.DOT_start_date ?? '', DOT_end_date: patient.DOT_end_date ?? '' }}
            save={patientTreatmentApi.endVot}
            saved={replace}
          />
        </TabPanel>
        {showConclusion && (
          <TabPanel header="VDOT Conclusion">
            <PatientForm
              patient={patient}
              fields={[
                { name: 'VDOT_end_date', label: 'Date', type: 'date', max: todayIn },
                {
                  name: 'VDOT_end_type',
                  label: 'VOT Outcomes',
                  type: 'select',
                  options: optionsOf(TREATMENT_OUTCOMES),
                },
                {
                  name: 'VDOT_stop_reason',
                  label: 'Reason for stopping VOT',
                  type: 'select',
                  options: optionsOf(VOT_STOP_REASONS),
                  visible: (v) => v.VDOT_end_type === VOT_STOPPED_OUTCOME,
                },
                { name: 'VDOT_end_remark', label: 'Remark', type: 'textarea' },
              ]}
              schema={vdotConclusionSchema}
              initial={{
                VDOT_end_date: patient.VDOT_end_date ?? '',
                VDOT_end_type: patient.VDOT_end_type ?? '',
                VDOT_end_remark: patient.VDOT_end_remark ?? '',
                VDOT_stop_reason: patient.VDOT_stop_reason ?? '',
              }}
              save={patientTreatmentApi.concludeVdot}
              saved={replace}
            />
          </TabPanel>
        )}
      </TabView>
    </section>
  );
}

/** /admin/dot-patient-with-volunteer-detail/:id (SPEC.md §2 Patient view, VOT patients). */
export function VotPatientWithVolunteer() {
  return (
    <PatientPage>{(patient, replace) => <View patient={patient} replace={replace} withVolunteerVariant />}</PatientPage>
  );
}

/** /admin/dot-patient-with-no-volunteer-detail/:id: VDOT Conclusion always. */
export function VotPatientWithoutVolunteer() {
  return (
    <PatientPage>
      {(patient, replace) => <View patient={patient} replace={replace} withVolunteerVariant={false} />}
    </PatientPage>
  );
}
