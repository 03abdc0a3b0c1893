// The schemas' own files, not their index (operations never load every form's schema).
import { successMessage } from '../domain/constants';
import type { NamedRecord } from '../schemas/geography';
import type { Patient } from '../schemas/patient-records';
import {
  changeVolunteerSchema,
  fuSputumSchema,
  infectionChecklistSchema,
  moveToVotSchema,
  patientMedicineSchema,
  vdotConclusionSchema,
  votEndSchema,
} from '../schemas/vot';
import type {
  ChangeVolunteerRecord,
  FuSputumExportRow,
  FuSputumRecord,
  InfectionChecklistRecord,
  LedgerDay,
  LedgerSummary,
  PatientMedicineRecord,
  PureHybridHistoryRecord,
} from '../schemas/vot-records';
import { item, itemOrNull, list, operation, removed, rows, updated } from './operation';
import type { Action, Resource } from '../permissions';

const needs = (resource: Resource, action: Action) => ({ resource, action });
const votStatus = (action: Action) => needs('vot-status', action);

/** A VOT patient's treatment (SPEC.md §2 Move To VOT page and Patient view): updates of the patient, and its dose ledger. */
export const VOT_PATIENT_OPERATIONS = {
  moveToVot: operation({
    method: 'PUT',
    path: '/move-to-DOT/:id',
    permission: votStatus('update'),
    summary: 'Move a patient to VOT (Yes, from a VOT start date) or not (No)',
    // The server checks the VOT start date against the patient's treatment start date as well.
    body: moveToVotSchema(),
    refusals: [409],
    answer: updated<Patient>('Patient'),
  }),
  endVot: operation({
    method: 'PUT',
    path: '/DOT-end/:id',
    permission: votStatus('update'),
    summary: "A patient's VOT end date",
    body: votEndSchema,
    refusals: [409],
    answer: updated<Patient>('Patient'),
  }),
  concludeVdot: operation({
    method: 'PUT',
    path: '/VDOT-end/:id',
    permission: votStatus('update'),
    summary: "A patient's VDOT conclusion (outcome, date, remark)",
    body: vdotConclusionSchema,
    refusals: [409],
    answer: updated<Patient>('Patient'),
  }),
  ledger: operation({
    method: 'GET',
    path: '/DOT-ledger/:id',
    permission: votStatus('read'),
    summary: "A patient's dose ledger (null while not on VOT)",
    answer: itemOrNull<LedgerSummary>('LedgerSummary'),
  }),
  ledgerDays: operation({
    method: 'GET',
    path: '/DOT-ledger-days/:id',
    permission: votStatus('read'),
    summary: "A patient's counted days, oldest first, with each day's status and provenance (empty while not on VOT)",
    answer: rows<LedgerDay>('LedgerDay'),
  }),
};

const history = (action: Action) => needs('change-volunteers', action);
const CHANGE_VOLUNTEER_DELETED = successMessage('Change Volunteer', 'deleted');

/** The dated pure or hybrid and volunteer history of a patient: two views of one history (SPEC.md §7). */
export const CHANGE_VOLUNTEER_OPERATIONS = {
  create: operation({
    method: 'POST',
    path: '/change-volunteers',
    permission: history('create'),
    summary: "A dated change of a patient's pure or hybrid VOT and volunteer",
    body: changeVolunteerSchema,
    refusals: [404, 409],
    answer: item<ChangeVolunteerRecord>('ChangeVolunteerRecord', 'created'),
  }),
  listOf: operation({
    method: 'GET',
    path: '/change-volunteers/:id',
    permission: history('read'),
    summary: "A patient's pure or hybrid and volunteer history, newest first",
    answer: list<ChangeVolunteerRecord>('ChangeVolunteerRecord'),
  }),
  pureHybridOf: operation({
    method: 'GET',
    path: '/pure-hybrid-histories/:id',
    permission: history('read'),
    summary: "A patient's changes between pure and hybrid VOT, newest first",
    answer: list<PureHybridHistoryRecord>('PureHybridHistoryRecord'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/change-volunteers/:id',
    permission: history('delete'),
    summary: 'Delete a history entry without visit records',
    refusals: [409],
    answer: removed(CHANGE_VOLUNTEER_DELETED),
  }),
  removePureHybrid: operation({
    method: 'DELETE',
    path: '/pure-hybrid-histories/:id',
    permission: history('delete'),
    summary: 'Delete a history entry without visit records (the pure or hybrid view of it)',
    refusals: [409],
    answer: removed(CHANGE_VOLUNTEER_DELETED),
  }),
};

const medicines = (action: Action) => needs('patient-medicines', action);

/** SPEC.md §7 "Medicines and sputum of a patient": the medicines a VOT patient takes (changed until VOT ends). */
export const PATIENT_MEDICINE_OPERATIONS = {
  listOf: operation({
    method: 'GET',
    path: '/patient-medicines/:id',
    permission: medicines('read'),
    summary: "A patient's medicines",
    answer: list<PatientMedicineRecord>('PatientMedicineRecord'),
  }),
  // GET medicines is basic data, which a Field Officer may not read.
  names: operation({
    method: 'GET',
    path: '/patient-medicine-names',
    permission: medicines('create'),
    summary: "The programme's medicine names, for a patient's Medicine select",
    answer: list<NamedRecord>('NamedRecord'),
  }),
  show: operation({
    method: 'GET',
    path: '/patient-medicine/:id',
    permission: medicines('read'),
    summary: 'One medicine of a patient',
    answer: item<PatientMedicineRecord>('PatientMedicineRecord'),
  }),
  create: operation({
    method: 'POST',
    path: '/patient-medicines',
    permission: medicines('create'),
    summary: 'Add a medicine to a patient (until VOT ends)',
    body: patientMedicineSchema,
    refusals: [404, 409],
    answer: item<PatientMedicineRecord>('PatientMedicineRecord', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/patient-medicines/:id',
    permission: medicines('update'),
    summary: "Change a patient's medicine (until VOT ends)",
    body: patientMedicineSchema,
    refusals: [409],
    answer: item<PatientMedicineRecord>('PatientMedicineRecord'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/patient-medicines/:id',
    permission: medicines('delete'),
    summary: "Delete a patient's medicine (until VOT ends)",
    refusals: [409],
    answer: removed(successMessage('Patient Medicine', 'deleted')),
  }),
};

const sputum = (action: Action) => needs('fu-sputum', action);

/** SPEC.md §7 follow-up sputum of a patient (the contract's spelling, examinition). */
export const FU_SPUTUM_OPERATIONS = {
  listOf: operation({
    method: 'GET',
    path: '/fu-sputum-examinitions/:id',
    permission: sputum('read'),
    summary: "A patient's follow-up sputum examinations, newest first",
    answer: list<FuSputumRecord>('FuSputumRecord'),
  }),
  exportOf: operation({
    method: 'GET',
    path: '/fu-sputum-examinitions-export/:id',
    permission: sputum('export'),
    summary: "A patient's follow-up sputum examinations for the spreadsheet",
    answer: rows<FuSputumExportRow>('FuSputumExportRow'),
  }),
  show: operation({
    method: 'GET',
    path: '/fu-sputum-examinition/:id',
    permission: sputum('read'),
    summary: 'One follow-up sputum examination',
    answer: item<FuSputumRecord>('FuSputumRecord'),
  }),
  create: operation({
    method: 'POST',
    path: '/fu-sputum-examinitions',
    permission: sputum('create'),
    summary: 'Record a follow-up sputum examination',
    body: fuSputumSchema,
    refusals: [404],
    answer: item<FuSputumRecord>('FuSputumRecord', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/fu-sputum-examinitions/:id',
    permission: sputum('update'),
    summary: 'Update a follow-up sputum examination',
    body: fuSputumSchema,
    answer: item<FuSputumRecord>('FuSputumRecord'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/fu-sputum-examinitions/:id',
    permission: sputum('delete'),
    summary: 'Delete a follow-up sputum examination',
    answer: removed(successMessage('F/U Sputum Examinition', 'deleted')),
  }),
};

const checklists = (action: Action) => needs('infection-checklists', action);

/** The infection-control checklists of a patient: made or deleted, never edited. */
export const INFECTION_CHECKLIST_OPERATIONS = {
  listOf: operation({
    method: 'GET',
    path: '/infection-checklists/:id',
    permission: checklists('read'),
    summary: "A patient's infection control checklists, latest first",
    answer: list<InfectionChecklistRecord>('InfectionChecklistRecord'),
  }),
  show: operation({
    method: 'GET',
    path: '/infection-checklist/:id',
    permission: checklists('read'),
    summary: 'One infection control checklist',
    answer: item<InfectionChecklistRecord>('InfectionChecklistRecord'),
  }),
  create: operation({
    method: 'POST',
    path: '/infection-checklists',
    permission: checklists('create'),
    summary: 'Record an infection control checklist',
    body: infectionChecklistSchema,
    refusals: [404],
    answer: item<InfectionChecklistRecord>('InfectionChecklistRecord', 'created'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/infection-checklists/:id',
    permission: checklists('delete'),
    summary: 'Delete an infection control checklist',
    answer: removed(successMessage('Infection Control Checklist', 'deleted')),
  }),
};
