export { patientsApi, type PatientExportRow } from './patient.api';
export { PATIENT_LISTS, moveToVotPath } from './patient.lists';
