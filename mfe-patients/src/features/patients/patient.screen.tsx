import {
  patientColumns,
  patientFilters,
  patientIdentityExportColumns,
  tbRowClass,
  type ExportColumn,
  type ListScreen,
} from '@vot/shared/lists';
import type { PatientInput, PatientListRow } from '@vot/shared/schemas';
import { generatePath } from 'react-router-dom';
import { routes } from '../../routes';
import { patientListApi, patientsApi, type PatientExportRow } from './patient.api';
import { PATIENT_LISTS, type PatientListCategory, type PatientListDef } from './patient.lists';

/** The list's columns first, then what the programme's spreadsheets use (GET patients-export rows). */
export const PATIENT_EXPORT_COLUMNS: ExportColumn<PatientExportRow>[] = [
  { header: 'ID', field: 'id' },
  ...patientIdentityExportColumns,
  { header: 'Year', field: 'year' },
  { header: 'Township', field: 'township', names: 'township_id' },
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
    api: patientListApi,
    query: def.query,
    filters: patientFilters,
    columns: patientColumns({ yellowWhenUnscreened: def.yellowWhenUnscreened }),
    rowButtons: [],
    // The detail is patients/read: the clinic roles list patients without opening them (docs/permissions.md).
    rowActions: [
      {
        label: 'Detail',
        action: 'read',
        resource: 'patients',
        to: (p) => generatePath(routes[def.detail].path, { id: String(p.id) }),
      },
    ],
    createPath: def.create && routes[def.create].path,
    rowClassName: tbRowClass,
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
