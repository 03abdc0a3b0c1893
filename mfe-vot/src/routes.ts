/** The paths of this remote's screens: the manifest, the pages and the links import them (ARCHITECTURE.md §6). */
export const PATIENT_MEDICINE_LIST = '/admin/patient-medicine-list/:id';
export const FU_SPUTUM_LIST = '/admin/FU-sputum-examinition-list/:id';

export const patientMedicineListPath = (patientId: number) => `/admin/patient-medicine-list/${patientId}`;
export const fuSputumListPath = (patientId: number) => `/admin/FU-sputum-examinition-list/${patientId}`;
