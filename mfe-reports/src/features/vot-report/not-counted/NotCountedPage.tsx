import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { call } from '@vot/shared/api';
import { CROSS_APP_PATHS } from '@vot/shared/contract';
import { REPORT_OPERATIONS } from '@vot/shared/operations';
import { PATIENT_PAGE_SIZE } from '@vot/shared/domain';
import { NAME_WIDTH, PagedListPage, usePagedList, type ColumnDef } from '@vot/shared/lists';
import { NOT_COUNTED_REASONS, type NotCountedPatient } from '@vot/shared/schemas';

const detailOf = (id: number) => CROSS_APP_PATHS.patientDetail.replace(':id', String(id));

/** One declaration: the list's columns. */
const COLUMNS: ColumnDef<NotCountedPatient>[] = [
  { field: 'township', header: 'Township' },
  {
    field: 'name',
    header: 'Name',
    minWidth: NAME_WIDTH,
    body: (p) => <Link to={`${detailOf(p.id)}?tab=period`}>{p.name}</Link>,
  },
  { field: 'SP_code', header: 'SP Code', nowrap: true },
  { field: 'DRTB_code', header: 'DRTB Code', nowrap: true },
  { field: 'VOT_eligible', header: 'VOT Eligible' },
  { field: 'report_period', header: 'Reporting Period' },
  { field: 'treatment_start_date', header: 'Treatment Start Date', nowrap: true },
  { field: 'reason', header: 'Why in no row', body: (p) => NOT_COUNTED_REASONS[p.reason] },
];

/**
 * /admin/VOT-Report/not-counted: the screened patients of the user's townships that no VOT report
 * counts, whatever its dates, and why; a name opens the patient's Reported Period tab, where a
 * Reporting Period puts them in a row.
 */
export default function NotCountedPage() {
  const load = useCallback(
    (params: Record<string, unknown>, signal: AbortSignal) =>
      call(REPORT_OPERATIONS.votReportNotCounted, { query: params }, { signal, quiet: true }),
    [],
  );
  const list = usePagedList(load, true);
  return (
    <PagedListPage
      title="Patients the VOT Report counts in no row"
      list={list}
      columns={COLUMNS}
      pageSize={PATIENT_PAGE_SIZE}
      emptyMessage="Every screened patient is in a row of the report."
    />
  );
}
