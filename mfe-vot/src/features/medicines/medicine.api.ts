import { api, resource, type ItemResponse, type ListResponse } from '@vot/shared/api';
import type { PatientMedicineInput, PatientMedicineRecord } from '@vot/shared/schemas';

const medicines = resource<PatientMedicineRecord, PatientMedicineInput>('patient-medicines');

/** SPEC.md §7 "Medicines and sputum of a patient": the list is per patient, one record is patient-medicine/{id}. */
export const patientMedicinesApi = {
  ...medicines,
  show: (id: number) => api.get<ItemResponse<PatientMedicineRecord>>(`patient-medicine/${id}`),
  listOf: (patientId: number, signal?: AbortSignal) =>
    api.get<ListResponse<PatientMedicineRecord>>(`patient-medicines/${patientId}`, { signal, quiet: true }),
  /** The programme's medicine list, as the Medicine select's options (a medicine is stored by name); not GET medicines, which is basic data. */
  medicineOptions: () =>
    api
      .get<ListResponse<{ id: number; name: string }>>('patient-medicine-names', { quiet: true })
      .then((r) => r.data.map((m) => ({ label: m.name, value: m.name }))),
};
