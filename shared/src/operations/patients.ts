// The schemas' own files, not their index (operations never load every form's schema).
import * as yup from 'yup';
import { INVESTIGATION_KINDS, type InvestigationKind } from '../domain/patients';
import type {
  Patient,
  PatientCounts,
  PatientExportPage,
  PatientListRow,
  PossibleDuplicate,
  PresumptiveNumber,
} from '../schemas/patient-records';
import { INVESTIGATIONS, investigationSchema } from '../schemas/investigations';
import {
  noSpsPatientCreateSchema,
  patientCreateSchema,
  patientSchema,
  possibleDuplicateQuerySchema,
  reportPeriodSchema,
  tbConclusionSchema,
  votAcceptSchema,
  votEligibleSchema,
} from '../schemas/patients';
import { votPatientFilterSchema } from '../schemas/vot';
import { item, list, operation, updated, whole } from './operation';
import { trashOperations } from './trash';

const patients = { resource: 'patients' as const };
const eligibility = { resource: 'vot-eligible' as const };

/** POST patients' query: `NO_SP_CODE=true` (or 1) registers a patient without an SP code. */
export const registrationQuerySchema = yup.object({
  NO_SP_CODE: yup.string().optional().meta({
    description:
      'true (or 1): a patient without an SP code (noSpsPatientCreateSchema), with the next presumptive TB number',
  }),
});

const REGISTRATION =
  'Register a patient (with an SP code, or ?NO_SP_CODE=true without: noSpsPatientCreateSchema); a code and an initial app password are generated';
const INFORMATION = "Update a patient's information (a patient without an SP code: noSpsPatientSchema)";

/** The update of one investigation of a patient (sputum, chest X-ray…), each at its own path. */
export const investigationOperation = <K extends InvestigationKind>(kind: K) =>
  operation({
    method: 'PUT',
    path: `/${kind}/:id` as `/${K}/:id`,
    permission: { ...patients, action: 'update' },
    summary: `Record a patient's ${INVESTIGATIONS[kind].test} investigation`,
    body: investigationSchema(kind),
    answer: updated<Patient>('Patient'),
  });

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
  /** Every signed-in user: the count of each list they may read (so `byList`, checked as it counts). */
  counts: operation({
    method: 'GET',
    path: '/dstb-patient-count',
    permission: { ...patients, action: 'read' },
    byList: true,
    summary: 'How many patients each list the user may read has',
    answer: item<PatientCounts>('PatientCounts'),
  }),
  latestPresumptiveNumber: operation({
    method: 'GET',
    path: '/latest-presumptive-TB-Number/:township_id',
    permission: { ...patients, action: 'create' },
    summary: "A township's latest presumptive TB number and the next",
    answer: item<PresumptiveNumber>('PresumptiveNumber'),
  }),
  possibleDuplicates: operation({
    method: 'GET',
    path: '/patients-possible-duplicates',
    permission: { ...patients, action: 'create' },
    summary:
      'Patients who may be the one about to be registered: the same name and an age within 2 years in the township, or the same phone',
    query: possibleDuplicateQuerySchema,
    answer: list<PossibleDuplicate>('PossibleDuplicate'),
  }),
  /**
   * POST patients registers with an SP code (`create`) or, ?NO_SP_CODE=true, without one
   * (`createNoSps`): one route, whose body schema the query chooses, served by hand.
   */
  create: operation({
    method: 'POST',
    path: '/patients',
    permission: { ...patients, action: 'create' },
    summary: REGISTRATION,
    body: patientCreateSchema,
    refusals: [503],
    answer: item<Patient>('Patient', 'created'),
  }),
  createNoSps: operation({
    method: 'POST',
    path: '/patients',
    permission: { ...patients, action: 'create' },
    summary: REGISTRATION,
    query: registrationQuerySchema,
    body: noSpsPatientCreateSchema,
    refusals: [503],
    answer: item<Patient>('Patient', 'created'),
  }),
  /** Its body schema depends on the stored record (a patient without an SP code keeps it optional): served by hand. */
  updateInfo: operation({
    method: 'PUT',
    path: '/patients/:id',
    permission: { ...patients, action: 'update' },
    summary: INFORMATION,
    body: patientSchema,
    answer: updated<Patient>('Patient'),
  }),
  updateTbConclusion: operation({
    method: 'PUT',
    path: '/TB-conclusion/:id',
    permission: { ...patients, action: 'update' },
    summary: "Record a patient's TB conclusion",
    body: tbConclusionSchema,
    answer: updated<Patient>('Patient'),
  }),
  updateVotEligible: operation({
    method: 'PUT',
    path: '/VOT-eligible/:id',
    permission: { ...eligibility, action: 'update' },
    summary: 'Whether a patient is eligible for VOT (No takes back the acceptance)',
    body: votEligibleSchema,
    refusals: [409],
    answer: updated<Patient>('Patient'),
  }),
  updateVotAccept: operation({
    method: 'PUT',
    path: '/VOT-accept/:id',
    permission: { ...eligibility, action: 'update' },
    summary: 'Whether a patient accepts VOT',
    body: votAcceptSchema,
    refusals: [409],
    answer: updated<Patient>('Patient'),
  }),
  updateReportPeriod: operation({
    method: 'PUT',
    path: '/report-period/:id',
    permission: { ...eligibility, action: 'update' },
    summary: "A patient's reporting period",
    body: reportPeriodSchema,
    answer: updated<Patient>('Patient'),
  }),
  resetPassword: operation({
    method: 'POST',
    path: '/patients/:id/reset-password',
    permission: { ...patients, action: 'update' },
    summary: 'A new initial app password for a patient (their app sessions end)',
    refusals: [429, 503],
    answer: updated<Patient>('Patient'),
  }),
  ...trashOperations<Patient, 'patients'>({
    base: 'patients',
    noun: 'patient',
    label: 'Patient',
    refusedWhen: 'refused once on VOT',
  }),
};

/** The investigations' updates, by kind. */
export const INVESTIGATION_OPERATIONS = Object.fromEntries(
  INVESTIGATION_KINDS.map((kind) => [kind, investigationOperation(kind)]),
) as { [K in InvestigationKind]: ReturnType<typeof investigationOperation<K>> };
