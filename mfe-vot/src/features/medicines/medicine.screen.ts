import { offeredCalls } from '@vot/shared/api';
import type { ListScreen } from '@vot/shared/lists';
import {
  patientMedicineSchema,
  type Patient,
  type PatientMedicineInput,
  type PatientMedicineRecord,
} from '@vot/shared/schemas';
import { patientMedicinesApi } from './medicine.api';

// Stable (module level), so the select loads its options once.
const loadMedicines = () => patientMedicinesApi.medicineOptions();

/**
 * SPEC.md §2 "Other patient-related screens": a patient's medicines, ID and Name, create and update
 * dialogs, Update and Delete, titled with the patient. Medicines close at the VOT end (SPEC.md §4;
 * the server refuses too): the screen of a patient whose VOT has ended has no form and no row buttons.
 */
export function patientMedicineScreen(
  patient: Pick<Patient, 'id' | 'name' | 'DOT_end_date'>,
): ListScreen<PatientMedicineRecord, PatientMedicineInput> {
  const screen = {
    title: `${patient.name} Medicine List`,
    entity: 'Patient Medicine',
    permission: 'patient-medicines' as const,
    paged: false,
    api: offeredCalls({
      ...patientMedicinesApi,
      list: (_params, signal) => patientMedicinesApi.listOf(patient.id, signal),
    }),
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'medicine_name', header: 'Name' },
    ],
  } satisfies ListScreen<PatientMedicineRecord, PatientMedicineInput>;
  if (patient.DOT_end_date !== null) return { ...screen, rowButtons: [] };
  return {
    ...screen,
    form: {
      createTitle: 'Create Patient Medicine',
      updateTitle: 'Update Patient Medicine',
      fields: [{ name: 'medicine_name', label: 'Medicine', type: 'select', loadOptions: loadMedicines }],
      schema: patientMedicineSchema,
      empty: { patient_id: patient.id, medicine_name: '' },
      toInput: (m) => ({ patient_id: m.patient_id, medicine_name: m.medicine_name }),
    },
  };
}
