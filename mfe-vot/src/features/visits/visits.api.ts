import { call, callEarly, exportEveryPart } from '@vot/shared/api';
import { NO_APP_OPERATIONS as NO_APP, VISIT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { DashboardVisitInput, DashboardVisitUpdateInput, VisitExportRow } from '@vot/shared/schemas';

type Params = Record<string, unknown>;
type ListOf = typeof OPS.withVolunteer | typeof OPS.withoutVolunteer | typeof OPS.all | typeof NO_APP.days;
/** A patient's list as the list screens call it: its filters and page, cancelled with the screen. */
const listOf =
  <O extends ListOf>(op: O) =>
  (patientId: number) =>
  (query?: Params, signal?: AbortSignal) =>
    call(op, { params: { id: patientId }, query } as Parameters<typeof call<O>>[1], { signal, quiet: true });
/** Starts a patient's list with the patient's read (PatientPage `alongside`): the list's first call takes its answer. */
const startOf =
  <O extends ListOf>(op: O) =>
  (patientId: number, query: Params) =>
    callEarly(op, { params: { id: patientId }, query } as Parameters<typeof callEarly<O>>[1]);
const quiet = { quiet: true };

/** SPEC.md §7 VOT visits and No-app calls, all declared (exports quiet: a failure reads 'Please try again!'). */
export const visitsApi = {
  /** GET DOTs/{patientId}: the volunteer's visits, 28 a page. */
  withVolunteer: listOf(OPS.withVolunteer),
  /** GET NoVolunteer-DOTs/{patientId}: 30 a page. */
  withoutVolunteer: listOf(OPS.withoutVolunteer),
  /** GET all-DOTs/{patientId}: the calendar's records, 28 a page. */
  all: listOf(OPS.all),
  startWithVolunteer: startOf(OPS.withVolunteer),
  startWithoutVolunteer: startOf(OPS.withoutVolunteer),
  startAll: startOf(OPS.all),
  /** Quiet: the dialog says itself that the record could not be read. */
  show: (id: number) => call(OPS.show, { params: { id } }, quiet),
  create: (withVolunteer: boolean, input: DashboardVisitInput) =>
    call(withVolunteer ? OPS.createWithVolunteer : OPS.createWithoutVolunteer, { body: input }, quiet),
  update: (id: number, input: DashboardVisitUpdateInput) => call(OPS.update, { params: { id }, body: input }, quiet),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  exportWithVolunteer: (patientId: number, query: Params) =>
    call(OPS.exportWithVolunteer, { params: { id: patientId }, query }, quiet),
  exportAll: (patientId: number, query: Params) => call(OPS.exportAll, { params: { id: patientId }, query }, quiet),
  /** Every part of 'All-Patient-VOTs' (the API answers a national export in parts). */
  exportAllPatients: (query: Params) => exportEveryPart<VisitExportRow>(OPS.exportAllPatients, query),
};

/** The no-app grid's calls (SPEC.md §7 No-app). */
export const noAppApi = {
  list: listOf(NO_APP.days),
  start: startOf(NO_APP.days),
  create: (patientId: number, dates: string[]) =>
    call(NO_APP.create, { body: { patient_id: patientId, dates } }, quiet),
  tick: (id: number) => call(NO_APP.tick, { params: { id } }),
  reset: (id: number) => call(NO_APP.reset, { params: { id } }),
  remove: (id: number) => call(NO_APP.remove, { params: { id } }),
  exportOf: (patientId: number, query: Params) => call(NO_APP.exportOf, { params: { id: patientId }, query }, quiet),
};
