import { useMemo } from 'react';
import { CrudListView, useCrudList } from '@vot/shared/lists';
import type { Patient } from '@vot/shared/schemas';
import { useCan } from '@vot/shared/ui';
import { PatientPage } from '../PatientPage';
import { patientMedicinesApi } from './medicine.api';
import { patientMedicineScreen } from './medicine.screen';

function Medicines({ patient }: { patient: Patient }) {
  const screen = useMemo(() => patientMedicineScreen(patient), [patient]);
  const crud = useCrudList(screen);
  const mayChange = useCan('patient-medicines', 'update');
  const closed = mayChange && patient.DOT_end_date !== null;
  return (
    <CrudListView
      crud={crud}
      intro={
        closed && (
          <p className="vot-note" role="note">
            VOT ended on {patient.DOT_end_date}: {patient.name}&apos;s medicines can no longer be added, changed or
            removed.
          </p>
        )
      }
    />
  );
}

/** /admin/patient-medicine-list/:id (id = patient): the patient's medicines, named from their record. */
export default function PatientMedicineList() {
  return (
    <PatientPage alongside={patientMedicinesApi.startListOf}>
      {(patient) => <Medicines patient={patient} />}
    </PatientPage>
  );
}
