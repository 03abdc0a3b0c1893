import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { CrudListView, useCrudList } from '@vot/shared/lists';
import type { InfectionChecklistRecord, Patient } from '@vot/shared/schemas';
import { PatientPage } from '../PatientPage';
import { infectionChecklistsApi } from './checklist.api';
import { ChecklistDetail } from './ChecklistDetail';
import { infectionChecklistScreen } from './checklist.screen';

/** The kit's list, New and Delete, with a Detail of its own: a checklist is read back, never updated. */
function Checklists({ patient }: { patient: Patient }) {
  // Once per patient: the screen's list call is made for the patient, and a new one is a new call.
  const screen = useMemo(() => infectionChecklistScreen(patient.id, patient.name), [patient.id, patient.name]);
  const crud = useCrudList(screen);
  const [reading, setReading] = useState<InfectionChecklistRecord | null>(null);
  return (
    <CrudListView
      crud={crud}
      rowExtras={(row) => (
        <Button type="button" label="Detail" size="small" outlined severity="info" onClick={() => setReading(row)} />
      )}
    >
      {reading && <ChecklistDetail checklist={reading} onHide={() => setReading(null)} />}
    </CrudListView>
  );
}

/** /admin/infection-check-list/:id (id = patient): the patient's dated infection-control checklists. */
export default function InfectionChecklist() {
  return (
    <PatientPage alongside={infectionChecklistsApi.startListOf}>
      {(patient) => <Checklists patient={patient} />}
    </PatientPage>
  );
}
