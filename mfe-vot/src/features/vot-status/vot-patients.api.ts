import { exportAllPages, resource } from '@vot/shared/api';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';

/** GET patients and patients-export (SPEC.md §7 Patients) as the VOT Status lists use them. */
export const votPatientsApi = {
  ...resource<PatientListRow, Record<string, never>>('patients'),
  /** Every page of the export (quiet: a failed export reads 'Please try again!'). */
  exportRows: (filters: Record<string, unknown>) => exportAllPages<PatientExportRow>('patients-export', filters),
};
