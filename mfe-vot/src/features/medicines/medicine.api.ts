import { call, callEarly } from '@vot/shared/api';
import { PATIENT_MEDICINE_OPERATIONS as OPS } from '@vot/shared/operations';
import type { PatientMedicineInput } from '@vot/shared/schemas';

const quiet = { quiet: true };

/** SPEC.md §7 "Medicines and sputum of a patient": the list is per patient, one record is patient-medicine/{id}. */
export const patientMedicinesApi = {
  show: (id: number) => call(OPS.show, { params: { id } }),
  create: (input: PatientMedicineInput) => call(OPS.create, { body: input }, quiet),
  update: (id: number, input: PatientMedicineInput) => call(OPS.update, { params: { id }, body: input }, quiet),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  listOf: (patientId: number, signal?: AbortSignal) =>
    call(OPS.listOf, { params: { id: patientId } }, { signal, quiet: true }),
  /** The list started with the patient's read (PatientPage `alongside`): listOf then takes its answer. */
  startListOf: (patientId: number) => callEarly(OPS.listOf, { params: { id: patientId } }),
  /** The programme's medicine list, as the Medicine select's options (a medicine is stored by name); not GET medicines, which is basic data. */
  medicineOptions: () => call(OPS.names, {}, quiet).then((r) => r.data.map((m) => ({ label: m.name, value: m.name }))),
};
