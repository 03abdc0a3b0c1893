export { patientsApi, type PatientExportRow } from './patient.api';
export { PATIENT_LISTS, patientDetailPath, investigationPath, moveToVotPath, PATIENT_CREATE_PATH, NO_SPS_PATIENT_CREATE_PATH, PATIENT_TRASH_PATH } from './patient.lists';
