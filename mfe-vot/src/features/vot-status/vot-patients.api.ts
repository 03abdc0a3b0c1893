import { api, resource } from '@vot/shared/api';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';

/** GET patients and patients-export (SPEC.md §7 Patients) as the VOT Status lists use them. */
export const votPatientsApi = {
  ...resource<PatientListRow, Record<string, never>>('patients'),
  /** Quiet: a failed export reads 'Please try again!'. */
  exportRows: (filters: Record<string, unknown>) => api.get<{ data: PatientExportRow[] }>('patients-export', { params: filters, quiet: true }),
};
