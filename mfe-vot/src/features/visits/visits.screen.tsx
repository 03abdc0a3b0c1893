import { VISIT_TITLES, VOT_STATUS_PAGE_SIZE, VOT_VISIT_PAGE_SIZE, YES_NO, lastVisitDay } from '@vot/shared/domain';
import { firstListQuery, type ColumnDef, type CrudScreen, type ExportDef, type FilterDef } from '@vot/shared/lists';
import {
  dashboardVisitSchema,
  dashboardVisitUpdateSchema,
  type DashboardVisitInput,
  type Patient,
  type VisitExportRow,
  type VisitRecord,
} from '@vot/shared/schemas';
import { StatusDetail } from './StatusDetail';
import { VideoStateNote } from './VideoStateNote';
import { VisitDetail } from './VisitDetail';
import { visitsApi } from './visits.api';
import './visits.css';

/** SPEC.md §4: the date is red when a late remark exists; a video not arrived yet is said beside it. */
export const visitColumns: ColumnDef<VisitRecord>[] = [
  {
    field: 'date',
    header: 'Date',
    body: (v) => (
      <>
        <span className={v.late_remark ? 'vot-late-date' : undefined}>{v.date}</span>
        <VideoStateNote state={v.video_state} />
      </>
    ),
  },
  { field: 'remark', header: 'Remark' },
  { field: 'late_remark', header: 'Remark for being late' },
];

/** SPEC.md §2/§5: a VOT list's dates start at the patient's DOT start date and end today. */
const VISIT_DATES: FilterDef = { name: 'dates', label: 'Date', type: 'date-range' };

/** The query a patient's visit list (or no-app grid) first sends: the URL's dates and page. */
export const firstVisitQuery = (search: URLSearchParams) => firstListQuery(search, [VISIT_DATES], true);

export const visitDateFilter = (patient: Patient): FilterDef => ({
  ...VISIT_DATES,
  min: patient.DOT_start_date ?? undefined,
});

/** A visit export's columns: 'DOT-APP' and 'All-VOT' write the same record. */
export function visitExport(fileName: string, load: ExportDef<VisitExportRow>['load']): ExportDef<VisitExportRow> {
  return {
    fileName,
    load,
    columns: [
      { header: 'ID', field: 'id' },
      { header: 'Patient Name', value: (r) => r.patient.name },
      { header: 'DOT Patient Id (GF)', value: (r) => r.patient.dot_patient_id_gf },
      { header: 'Township', value: (r) => r.township.name },
      { header: 'Date', field: 'date' },
      { header: 'Work', field: 'work' },
      {
        header: 'Work Status',
        value: (r) => (r.work_status === null ? '' : r.work_status ? 'Success' : 'Not Success'),
      },
      { header: 'Medicines', field: 'medicines' },
      { header: 'Duration', field: 'long' },
      { header: 'Minor Side Effects', field: 'minor_side_effects' },
      { header: 'Major Side Effects', field: 'major_side_effects' },
      { header: 'Actions', field: 'actions' },
      { header: 'Patient Condition', field: 'patient_condition' },
      { header: 'Remark', field: 'remark' },
      { header: 'Remark for being late', field: 'late_remark' },
      { header: 'Volunteer', value: (r) => r.volunteer?.name },
      { header: 'Volunteer Code', value: (r) => r.volunteer?.code },
      { header: 'Type', field: 'type' },
      { header: 'Created', field: 'created' },
    ],
  };
}

/** Create VOT's "Dose taken": required, no default (docs/decisions/0131-staff-record-dose-taken.md). */
const DOSE_TAKEN_OPTIONS = YES_NO.map((v) => ({ label: v, value: v }));

/**
 * The two visit lists of a patient (SPEC.md §2): with a volunteer (dot-list: 28 a page, Export
 * 'DOT-APP', 'VOT Visit Date Detail') and without ('(name) VOT Status': 30 a page, 'VOT Status
 * Detail'). New makes a dashboard record (Create VOT: Date, Dose taken, Remark); Update VOT (Remark) and Delete
 * only on records made on the dashboard (SPEC.md §4).
 */
export function visitListScreen(
  patient: Patient,
  withVolunteer: boolean,
): CrudScreen<VisitRecord, DashboardVisitInput, VisitExportRow> {
  const load = withVolunteer ? visitsApi.withVolunteer(patient.id) : visitsApi.withoutVolunteer(patient.id);
  return {
    title: withVolunteer ? `${patient.name} VOT Visit List` : `${patient.name} VOT Status`,
    entity: 'DOT',
    permission: 'vot-status',
    pageSize: withVolunteer ? VOT_VISIT_PAGE_SIZE : VOT_STATUS_PAGE_SIZE,
    api: {
      list: load,
      show: visitsApi.show,
      create: (input) => visitsApi.create(withVolunteer, input),
      update: (id, input) => visitsApi.update(id, { dose_taken: input.dose_taken, remark: input.remark }),
      remove: visitsApi.remove,
    },
    columns: visitColumns,
    filters: [visitDateFilter(patient)],
    rowActions: [
      withVolunteer
        ? { label: 'Detail', action: 'read', title: VISIT_TITLES.visitDetail, show: (v) => <VisitDetail id={v.id} /> }
        : {
            label: 'Detail',
            action: 'read',
            title: VISIT_TITLES.statusDetail,
            show: (v) => <StatusDetail id={v.id} />,
          },
    ],
    rowEditable: (v) => v.created === 'dashboard',
    export: withVolunteer
      ? visitExport('DOT-APP', (filters) => visitsApi.exportWithVolunteer(patient.id, filters))
      : undefined,
    form: {
      createTitle: VISIT_TITLES.create,
      updateTitle: VISIT_TITLES.update,
      fields: [
        {
          name: 'date',
          label: 'Date',
          type: 'date',
          createOnly: true,
          min: () => patient.DOT_start_date ?? undefined,
          max: () => lastVisitDay(patient.DOT_end_date),
        },
        {
          name: 'dose_taken',
          label: 'Dose taken',
          type: 'select',
          options: DOSE_TAKEN_OPTIONS,
          hint: 'Whether the patient took the dose that day: the answer decides the day in the dose ledger.',
        },
        { name: 'remark', label: 'Remark', type: 'textarea' },
      ],
      createSchema: dashboardVisitSchema,
      schema: dashboardVisitUpdateSchema,
      empty: { patient_id: patient.id, date: '', dose_taken: '', remark: '' } as unknown as DashboardVisitInput,
      toInput: (v) => ({
        patient_id: patient.id,
        date: v.date,
        dose_taken: v.work_status === false ? 'No' : 'Yes',
        remark: v.remark ?? '',
      }),
    },
  };
}
