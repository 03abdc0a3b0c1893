import { MISSED_DOSES_QUERY, MISSED_RUN_WARNING } from '@vot/shared/domain';
import {
  patientColumns,
  townshipFilter,
  type ColumnDef,
  type ExportColumn,
  type FilterDef,
  type ListScreen,
} from '@vot/shared/lists';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';
import { withVolunteerDetailPath, withoutVolunteerDetailPath } from '../../routes';
import { patientListsApi } from '../vot-status/patient-lists.api';
import { AdherenceCell, ledgerExportColumns } from './ledger.columns';
import { daysText, sinceText } from './ledger';

/** The patient list searches, scoped by township like the other VOT lists (hidden for a Field Officer). */
const filters: FilterDef[] = [
  { name: 'name', label: 'Search name' },
  { name: 'SP_code', label: 'Search SP Code' },
  { name: 'unique_id', label: 'Search Township DRTB Code' },
  townshipFilter,
];

/** Who the patient is, declared as on every patient list (patientColumns: codes on one line, the name's width), and how to call them. */
const IDENTITY = ['SP_code', 'name', 'code', 'township'];

/** A phone number as a link that dials it (a laptop hands it to its phone app): the digits and a leading +, as typed otherwise. */
export const dialable = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const columns: ColumnDef<PatientListRow>[] = [
  { field: 'id', header: 'ID' },
  ...patientColumns().filter((c) => IDENTITY.includes(c.field)),
  {
    field: 'patient_phone_no',
    header: 'Patient Phone No',
    nowrap: true,
    body: (p) => (p.patient_phone_no ? <a href={dialable(p.patient_phone_no)}>{p.patient_phone_no}</a> : '-'),
  },
  { field: 'pure_or_hybrid', header: 'Pure or Hybrid' },
  { field: 'DOT_start_date', header: 'VOT Start Date', nowrap: true },
  {
    field: 'current_missed_run',
    header: 'Missed In A Row',
    body: (p) => <strong className="vot-ledger-warning">{daysText(p.ledger?.current_missed_run)}</strong>,
  },
  { field: 'days_since_last_observed', header: 'Since Last Observed Dose', body: (p) => sinceText(p.ledger) },
  { field: 'ledger', header: 'Adherence', body: (p) => <AdherenceCell ledger={p.ledger} /> },
];

const exportColumns: ExportColumn<PatientExportRow>[] = [
  { header: 'ID', field: 'id' },
  { header: 'SP Code', field: 'SP_code' },
  { header: 'Name', field: 'name' },
  { header: 'Code', field: 'code' },
  { header: 'TSP', field: 'TSP' },
  { header: 'Township', field: 'township', names: 'township_id' },
  { header: 'Township DRTB Code', field: 'unique_id' },
  { header: 'Patient Phone No', field: 'patient_phone_no' },
  { header: 'Pure or Hybrid', field: 'pure_or_hybrid' },
  { header: 'VOT Start Date', field: 'DOT_start_date' },
  ...ledgerExportColumns,
];

/**
 * The dose ledger's early warning (docs/decisions/0078): patients still on VOT who
 * missed MISSED_RUN_WARNING days or more in a row up to today, for the field officer to call today.
 */
export const missedDosesScreen: ListScreen<PatientListRow, Record<string, never>, PatientExportRow> = {
  title: `Missed Doses (${MISSED_RUN_WARNING} or More Days In A Row)`,
  entity: 'Patient',
  permission: 'vot-status',
  api: patientListsApi,
  query: MISSED_DOSES_QUERY,
  filters,
  columns,
  rowButtons: [],
  // The detail view of the patient's current VOT: with or without a volunteer.
  rowActions: [
    {
      label: 'Detail',
      action: 'read',
      to: (p) => (p.volunteer_id ? withVolunteerDetailPath(p.id) : withoutVolunteerDetailPath(p.id)),
    },
  ],
  export: {
    fileName: 'Missed-Dose-Patients',
    load: (applied) => patientListsApi.exportRows({ ...MISSED_DOSES_QUERY, ...applied }),
    columns: exportColumns,
  },
};
