import { NO_APP_STATUS, noAppState, noAppStatusWord } from '@vot/shared/domain';
import type { ExportDef } from '@vot/shared/lists';
import type { FieldDef } from '@vot/shared/ui';
import type { NoAppExportRow, Patient } from '@vot/shared/schemas';
import { todayIn } from '@vot/shared/domain';
import { noAppApi } from '../visits/visits.api';

/** SPEC.md §7: the no-app export's columns, Work_Status in Burmese words. */
export const noAppExport = (patientId: number): ExportDef<NoAppExportRow> => ({
  fileName: 'No-App-DOT',
  load: (filters) => noAppApi.exportOf(patientId, filters),
  columns: [
    { header: 'ID', field: 'id' },
    { header: 'Patient_Name', value: (r) => r.patient.name },
    { header: 'Date', field: 'date' },
    { header: 'Work_Status', value: (r) => noAppStatusWord(r.work_status) },
  ],
});

/** SPEC.md §5 Create no-app DOT: the end is disabled until a start exists; its minimum is the start; both end today. */
export const noAppRangeFields = (patient: Patient): FieldDef[] => [
  {
    name: 'start_date',
    label: 'Start Date',
    type: 'date',
    min: () => patient.DOT_start_date ?? undefined,
    max: todayIn,
  },
  {
    name: 'end_date',
    label: 'End Date',
    type: 'date',
    min: (v) => (v.start_date as string) || undefined,
    max: todayIn,
    disabledWhen: (v) => !v.start_date,
  },
];

/** A day box's class: yellow achieved, black not achieved, white not yet marked (SPEC.md §4). */
export const dayClass = (status: boolean | null) => `vot-day vot-day-${NO_APP_STATUS[noAppState(status)].colour}`;
