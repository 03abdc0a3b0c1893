import { call, exportEveryPart, offeredCalls } from '@vot/shared/api';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import type { PatientExportRow, PatientListRow } from '@vot/shared/schemas';

/** GET patients and patients-export (SPEC.md §7 Patients) as the VOT Status lists use them. */
export const patientListsApi = {
  ...offeredCalls<PatientListRow, Record<string, never>>({
    list: (query, signal) => call(PATIENT_OPERATIONS.list, { query }, { signal, quiet: true }),
  }),
  /** Every page of the export (quiet: a failed export reads 'Please try again!'). */
  exportRows: (filters: Record<string, unknown>) =>
    exportEveryPart<PatientExportRow>(PATIENT_OPERATIONS.exportParts, filters),
};
