import { PATIENT_STATUS, successMessage } from '@vot/shared/domain';
import { patientColumns, townshipFilter, type ListScreen } from '@vot/shared/lists';
import type { PatientInput, PatientListRow } from '@vot/shared/schemas';
import { patientsApi, patientTrashApi } from './patient.api';

/**
 * SPEC.md §2 Trash: patients in the trash, Recover (trash/update) and a permanent Delete
 * (trash/delete, after the shared confirmation). What the API keeps of a patient with history is
 * its decision (docs/decisions/0063); a refusal's message is shown.
 */
export const patientTrashScreen: ListScreen<PatientListRow, PatientInput> = {
  title: 'Patient Trash',
  entity: 'Patient',
  permission: 'trash',
  api: patientTrashApi,
  query: { status: PATIENT_STATUS.trash },
  filters: [townshipFilter],
  columns: [
    ...patientColumns().filter((c) => c.field !== 'plain_password'),
    {
      field: 'recover_township',
      header: 'Recover Township',
      body: (p) => p.recover_township?.name ?? p.township?.name ?? '',
    },
  ],
  rowButtons: ['delete'],
  rowActions: [
    {
      label: 'Recover',
      action: 'update',
      severity: 'success',
      run: (p) => patientsApi.recover(p.id),
      notice: successMessage('Patient', 'recovered'),
    },
  ],
};
