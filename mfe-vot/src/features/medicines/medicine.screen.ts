import type { CrudScreen } from '@vot/shared/lists';
import { patientMedicineSchema, type PatientMedicineInput, type PatientMedicineRecord } from '@vot/shared/schemas';
import { patientMedicinesApi } from './medicine.api';

// Stable (module level), so the select loads its options once.
const loadMedicines = () => patientMedicinesApi.medicineOptions();

/**
 * SPEC.md §2 "Other patient-related screens": a patient's medicines, ID and Name, create and update
 * dialogs, Update and Delete. The server refuses changes once the patient's VOT has ended.
 */
export function patientMedicineScreen(patientId: number): CrudScreen<PatientMedicineRecord, PatientMedicineInput> {
  return {
    title: 'Patient Medicine List',
    entity: 'Patient Medicine',
    permission: 'patient-medicines',
    paged: false,
    api: { ...patientMedicinesApi, list: (_params, signal) => patientMedicinesApi.listOf(patientId, signal) },
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'medicine_name', header: 'Name' },
    ],
    form: {
      createTitle: 'Create Patient Medicine',
      updateTitle: 'Update Patient Medicine',
      fields: [{ name: 'medicine_name', label: 'Medicine', type: 'select', loadOptions: loadMedicines }],
      schema: patientMedicineSchema,
      empty: { patient_id: patientId, medicine_name: '' },
      toInput: (m) => ({ patient_id: m.patient_id, medicine_name: m.medicine_name }),
    },
  };
}
