// The schemas' own files, not their index (operations never load every form's schema).
import type { Patient, PatientExportPage, PatientListRow } from '../schemas/patient-records';
import { votPatientFilterSchema } from '../schemas/vot';
import { item, list, operation, whole } from './operation';

/**
 * The patient reads the VOT pages share with the patient screens (SPEC.md §7 Patients). The lists
 * and their export are one path for every patient list: the list the query names (a VOT Status
 * flag, the trash…) decides the permission, checked as the list is read, so `permission` is the
 * unflagged list's and `byList` says so.
 */
export const PATIENT_OPERATIONS = {
  list: operation({
    method: 'GET',
    path: '/patients',
    permission: { resource: 'patients', action: 'read' },
    byList: true,
    summary: 'A patient list (one list flag at most; status=0: the trash), newest first, a page at a time',
    query: votPatientFilterSchema,
    paged: true,
    answer: list<PatientListRow>('PatientListRow'),
  }),
  exportParts: operation({
    method: 'GET',
    path: '/patients-export',
    permission: { resource: 'patients', action: 'export' },
    byList: true,
    summary: "A patient list's export, a part at a time (`after` = the previous part's `next`)",
    query: votPatientFilterSchema,
    cursor: true,
    answer: whole<PatientExportPage>('PatientExportPage'),
  }),
  show: operation({
    method: 'GET',
    path: '/patients/:id',
    permission: { resource: 'patients', action: 'read' },
    summary: 'One active patient',
    answer: item<Patient>('Patient'),
  }),
};
