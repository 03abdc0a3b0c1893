import {
  patientColumns,
  patientFilters,
  patientIdentityExportColumns,
  tbRowClass,
  type ColumnDef,
  type ExportColumn,
  type FilterDef,
  type ListScreen,
} from '@vot/shared/lists';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';
import { ledgerColumn, ledgerExportColumns } from '../ledger/ledger.columns';
import { patientListsApi } from './patient-lists.api';
import { VOT_STATUS_LISTS, type VotStatusListDef, type VotStatusListKind } from './vot-status.lists';

/** SPEC.md §2: the patient list inputs, and Complete / Not Complete, which clear the township. */
export const votStatusFilters: FilterDef[] = [
  ...patientFilters,
  { name: 'complete', label: 'Complete', type: 'flag', clears: ['township_id'] },
  { name: 'not_complete', label: 'Not Complete', type: 'flag', clears: ['township_id'] },
];

/** The patient list columns (the ID blue once VOT has ended, else red; SPEC.md §2, §9); Hybrid adds DOT Patient ID (GF). */
function columns(def: VotStatusListDef): ColumnDef<PatientListRow>[] {
  return [...patientColumns({ withGfId: def.withGfId }), ledgerColumn];
}

function exportColumns(def: VotStatusListDef): ExportColumn<PatientExportRow>[] {
  return [
    { header: 'ID', field: 'id' },
    ...(def.withGfId
      ? [{ header: 'DOT Patient ID (GF)', field: 'dot_patient_id_gf' } as ExportColumn<PatientExportRow>]
      : []),
    ...patientIdentityExportColumns,
    { header: 'Township', field: 'township' },
    { header: 'Treatment Start Date', field: 'treatment_start_date' },
    { header: 'Treatment Regimen', field: 'treatment_regimen' },
    { header: 'VOT Start Date', field: 'DOT_start_date' },
    { header: 'VOT End Date', field: 'DOT_end_date' },
    { header: 'Pure or Hybrid', field: 'pure_or_hybrid' },
    ...ledgerExportColumns,
  ];
}

/** One declaration for the three VOT Status lists: the table of VOT_STATUS_LISTS says what differs. */
export function votStatusScreen(
  def: VotStatusListDef,
): ListScreen<PatientListRow, Record<string, never>, PatientExportRow> {
  return {
    title: def.title,
    entity: 'Patient',
    permission: 'vot-status',
    api: patientListsApi,
    query: def.query,
    filters: votStatusFilters,
    columns: columns(def),
    rowButtons: [],
    rowActions: [{ label: 'Detail', action: 'read', to: (p) => def.detail(p.id) }],
    // TB/DRTB rows highlighted as in the patient lists (SPEC.md §2).
    rowClassName: tbRowClass,
    export: {
      fileName: def.exportFileName,
      load: (filters) => patientListsApi.exportRows({ ...def.query, ...filters }),
      columns: exportColumns(def),
    },
  };
}

export const VOT_STATUS_SCREENS = Object.fromEntries(
  Object.entries(VOT_STATUS_LISTS).map(([kind, def]) => [kind, votStatusScreen(def)]),
) as Record<VotStatusListKind, ListScreen<PatientListRow, Record<string, never>, PatientExportRow>>;
