// The schemas' own files, not their index (operations never load every form's schema).
import { successMessage } from '../domain/constants';
import {
  allPatientVisitsFilterSchema,
  dashboardVisitSchema,
  dashboardVisitUpdateSchema,
  noAppDaysSchema,
  visitFilterSchema,
} from '../schemas/visits';
import type {
  NoAppDay,
  NoAppDayList,
  NoAppExportRow,
  NoVolunteerVisitPage,
  VisitDetail,
  VisitExportPage,
  VisitExportRow,
  VisitRecord,
} from '../schemas/visits';
import { item, list, message, operation, rows, whole } from './operation';

const read = { resource: 'vot-status', action: 'read' } as const;
const exported = { resource: 'vot-status', action: 'export' } as const;
const DOT_DELETED = successMessage('DOT', 'deleted');

/**
 * SPEC.md §7 VOT visits: a patient's visit lists (DOTs 28 a page, NoVolunteer-DOTs 30, all-DOTs 28
 * for the calendar), one record, the records made on the dashboard (made, changed, deleted),
 * and the exports 'DOT-APP', 'All-VOT' and 'All-Patient-VOTs'.
 */
export const VISIT_OPERATIONS = {
  withVolunteer: operation({
    method: 'GET',
    path: '/DOTs/:id',
    permission: read,
    summary: "A patient's visits with a volunteer (works 1, 2, 4, 5), newest first",
    query: visitFilterSchema,
    paged: true,
    answer: list<VisitRecord>('VisitRecord'),
  }),
  all: operation({
    method: 'GET',
    path: '/all-DOTs/:id',
    permission: read,
    summary: 'Every visit record of a patient (the VOT calendar), newest first',
    query: visitFilterSchema,
    paged: true,
    answer: list<VisitRecord>('VisitRecord'),
  }),
  // SPEC.md §7: this one "reads DOTs and total"; `data` too, so every list reads alike.
  withoutVolunteer: operation({
    method: 'GET',
    path: '/NoVolunteer-DOTs/:id',
    permission: read,
    summary: "A patient's own visit records (works 3, 6), newest first",
    query: visitFilterSchema,
    paged: true,
    answer: whole<NoVolunteerVisitPage>('NoVolunteerVisitPage'),
  }),
  show: operation({
    method: 'GET',
    path: '/DOT/:id',
    permission: read,
    summary: 'One visit record, with who made it and signed links to its files',
    answer: item<VisitDetail>('VisitDetail'),
  }),
  createWithVolunteer: operation({
    method: 'POST',
    path: '/DOT-with-volunteer-dashboard',
    permission: { resource: 'vot-status', action: 'create' },
    summary: 'A visit record made on the dashboard, on a day the patient has a volunteer',
    body: dashboardVisitSchema,
    refusals: [404, 409],
    answer: item<VisitRecord>('VisitRecord', 'created'),
  }),
  createWithoutVolunteer: operation({
    method: 'POST',
    path: '/DOT-without-volunteer-dashboard',
    permission: { resource: 'vot-status', action: 'create' },
    summary: 'A visit record made on the dashboard, on a day the patient has no volunteer',
    body: dashboardVisitSchema,
    refusals: [404, 409],
    answer: item<VisitRecord>('VisitRecord', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/DOT/:id',
    permission: { resource: 'vot-status', action: 'update' },
    summary: "A dashboard visit record's Dose taken and remark",
    body: dashboardVisitUpdateSchema,
    refusals: [409],
    answer: item<VisitRecord>('VisitRecord'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/DOT/:id',
    permission: { resource: 'vot-status', action: 'delete' },
    summary: 'Delete a visit record made on the dashboard',
    refusals: [409],
    answer: message(DOT_DELETED),
  }),
  exportWithVolunteer: operation({
    method: 'GET',
    path: '/export-DOTs/:id',
    permission: exported,
    summary: "A patient's visits with a volunteer for the spreadsheet ('DOT-APP')",
    query: visitFilterSchema,
    answer: rows<VisitExportRow>('VisitExportRow'),
  }),
  exportAll: operation({
    method: 'GET',
    path: '/export-all-DOTs/:id',
    permission: exported,
    summary: "Every visit record of a patient for the spreadsheet ('All-VOT')",
    query: visitFilterSchema,
    answer: rows<VisitExportRow>('VisitExportRow'),
  }),
  exportAllPatients: operation({
    method: 'GET',
    path: '/export-all-patient-DOTs',
    permission: exported,
    summary:
      "Every patient's visit records in the dates, for the spreadsheet ('All-Patient-VOTs'), a part at a time (`after` = the previous part's `next`)",
    query: allPatientVisitsFilterSchema,
    cursor: true,
    // The record a part ended on was deleted before the next part was asked.
    refusals: [409],
    answer: whole<VisitExportPage>('VisitExportPage'),
  }),
};

/** SPEC.md §2 No-app DOT screen and §7 No-app calls: the days of a patient without the phone app. */
export const NO_APP_OPERATIONS = {
  days: operation({
    method: 'GET',
    path: '/NoApp-DOTs/:id',
    permission: read,
    summary: "A No App patient's days, newest first, with the counters",
    query: visitFilterSchema,
    paged: true,
    answer: whole<NoAppDayList>('NoAppDayList'),
  }),
  create: operation({
    method: 'POST',
    path: '/NoApp-DOTs',
    permission: { resource: 'vot-status', action: 'create' },
    summary: "Make a No App patient's days (those already there are skipped)",
    body: noAppDaysSchema,
    refusals: [404, 409],
    answer: rows<NoAppDay>('NoAppDay', 'created'),
  }),
  tick: operation({
    method: 'GET',
    path: '/change-status-NoApp-DOTs/:id',
    permission: { resource: 'vot-status', action: 'update' },
    summary: 'Tick a no-app day: achieved, or not achieved when it was',
    changes: true,
    answer: item<NoAppDay>('NoAppDay'),
  }),
  reset: operation({
    method: 'GET',
    path: '/delete-status-NoApp-DOTs/:id',
    permission: { resource: 'vot-status', action: 'update' },
    summary: 'Reset a no-app day to not marked',
    changes: true,
    answer: item<NoAppDay>('NoAppDay'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/NoApp-DOTs/:id',
    permission: { resource: 'vot-status', action: 'delete' },
    summary: 'Delete a no-app day',
    answer: message(DOT_DELETED),
  }),
  exportOf: operation({
    method: 'GET',
    path: '/export-NoApp-DOTs/:id',
    permission: exported,
    summary: "A No App patient's days for the spreadsheet, oldest first",
    query: visitFilterSchema,
    answer: rows<NoAppExportRow>('NoAppExportRow'),
  }),
};
