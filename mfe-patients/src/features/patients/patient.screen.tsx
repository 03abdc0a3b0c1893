import { COLOURS, TB_STATUSES } from '@vot/shared/domain';
import { townshipFilter, type ColumnDef, type ExportColumn, type FilterDef, type ListScreen } from '@vot/shared/lists';
import type { PatientInput, PatientListRow } from '@vot/shared/schemas';
import { patientsApi, type PatientExportRow } from './patient.api';
import { PATIENT_LISTS, type PatientListCategory, type PatientListDef } from './patient.lists';

/** SPEC.md §2: the inputs of every patient list; Search writes them into the URL and goes to page 1. */
export const patientFilters: FilterDef[] = [
  { name: 'name', label: 'Search name' },
  { name: 'SP_code', label: 'Search SP Code' },
  { name: 'unique_id', label: 'Search Township DRTB Code' },
  townshipFilter,
];

export const YELLOW = '#F5B800';

/** Blue once VOT has ended, yellow in a general list while eligibility is unset, else red (SPEC.md §2, §9). */
export function idColour(row: Pick<PatientListRow, 'DOT_end_date' | 'VOT_eligible'>, yellowWhenUnscreened = false): string {
  if (row.DOT_end_date) return COLOURS.blue;
  if (yellowWhenUnscreened && !row.VOT_eligible) return YELLOW;
  return COLOURS.red;
}

/** Rows of patients with TB or DRTB are highlighted (SPEC.md §2). */
export const hasTb = (row: Pick<PatientListRow, 'TB_status'>) => row.TB_status !== null && row.TB_status !== 'No TB' && (TB_STATUSES as readonly string[]).includes(row.TB_status);
export const TB_ROW_CLASS = 'vot-patient-with-tb';
/** The highlight, in the spec's blue, and codes never broken mid-word (the table scrolls instead); a style element of the list page carries it. */
export const PATIENT_ROW_CSS = `.${TB_ROW_CLASS} > td { color: ${COLOURS.blue}; font-weight: 600; }
.vot-patient-list .vot-list-page .p-datatable .p-datatable-tbody > tr > td { overflow-wrap: normal; }`;

export function patientColumns(yellowWhenUnscreened = false): ColumnDef<PatientListRow>[] {
  return [
    {
      field: 'id',
      header: 'ID',
      body: (p) => (
        <span className="vot-patient-id" data-colour={idColour(p, yellowWhenUnscreened)} style={{ background: idColour(p, yellowWhenUnscreened), color: '#fff', padding: '0.1rem 0.5rem', borderRadius: 4, fontWeight: 600, display: 'inline-block', whiteSpace: 'nowrap' }}>
          {p.id}
        </span>
      ),
    },
    { field: 'SP_code', header: 'SP Code' },
    { field: 'name', header: 'Name' },
    { field: 'code', header: 'Code' },
    { field: 'plain_password', header: 'Password' },
    { field: 'township', header: 'TSP', body: (p) => p.township?.abbreviation ?? '' },
    { field: 'RR_code', header: 'RR Code' },
    { field: 'DRTB_code', header: 'DRTB Code' },
    { field: 'unique_id', header: 'Township DRTB Code' },
    { field: 'age', header: 'Age' },
    { field: 'sex', header: 'Sex' },
  ];
}

/** The list's columns first, then what the programme's spreadsheets use (GET patients-export rows). */
export const PATIENT_EXPORT_COLUMNS: ExportColumn<PatientExportRow>[] = [
  { header: 'ID', field: 'id' },
  { header: 'SP Code', field: 'SP_code' },
  { header: 'Name', field: 'name' },
  { header: 'Code', field: 'code' },
  { header: 'Password', field: 'plain_password' },
  { header: 'TSP', field: 'TSP' },
  { header: 'RR Code', field: 'RR_code' },
  { header: 'DRTB Code', field: 'DRTB_code' },
  { header: 'Township DRTB Code', field: 'unique_id' },
  { header: 'Age', field: 'age' },
  { header: 'Sex', field: 'sex' },
  { header: 'Year', field: 'year' },
  { header: 'Township', field: 'township' },
  { header: 'DOT Patient Id (GF)', field: 'dot_patient_id_gf' },
  { header: 'Presumptive TB Number', field: 'presumptive_TB_number' },
  { header: 'DOB', field: 'DOB' },
  { header: 'Treatment Start Date', field: 'treatment_start_date' },
  { header: 'Treatment Regimen', field: 'treatment_regimen' },
  { header: 'Patient Phone No', field: 'patient_phone_no' },
  { header: 'TB Status', field: 'TB_status' },
  { header: 'Treatment Status', field: 'treatment_status' },
  { header: 'VOT Eligible', field: 'VOT_eligible' },
  { header: 'VOT Accept', field: 'VOT_accept' },
  { header: 'VOT Start Date', field: 'DOT_start_date' },
  { header: 'VOT End Date', field: 'DOT_end_date' },
  { header: 'Pure or Hybrid', field: 'pure_or_hybrid' },
  { header: 'Report Period', field: 'report_period' },
];

/** One list declaration for every category: the table of PATIENT_LISTS says what differs. */
export function patientListScreen(def: PatientListDef): ListScreen<PatientListRow, PatientInput, PatientExportRow> {
  return {
    title: def.title,
    entity: 'Patient',
    permission: def.permission,
    api: patientsApi,
    query: def.query,
    filters: patientFilters,
    columns: patientColumns(def.yellowWhenUnscreened),
    rowButtons: [],
    // The detail is patients/read: the clinic roles list patients without opening them (docs/permissions.md).
    rowActions: [{ label: 'Detail', action: 'read', resource: 'patients', to: (p) => def.detail(p.id) }],
    createPath: def.createPath,
    rowClassName: (p) => (hasTb(p) ? TB_ROW_CLASS : undefined),
    export: def.export && {
      fileName: def.export.fileName,
      suffixFrom: def.export.suffixFromTownship ? ['township_id'] : [],
      load: (filters) => patientsApi.exportRows({ ...def.query, ...filters }),
      columns: PATIENT_EXPORT_COLUMNS,
    },
  };
}

export const PATIENT_LIST_SCREENS = Object.fromEntries(
  Object.entries(PATIENT_LISTS).map(([category, def]) => [category, patientListScreen(def)]),
) as Record<PatientListCategory, ListScreen<PatientListRow, PatientInput, PatientExportRow>>;
