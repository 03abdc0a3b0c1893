import { useState } from 'react';
import { Button } from 'primereact/button';
import { UI_MESSAGES } from '@vot/shared/domain';
import {
  GroupedTable,
  ListFilters,
  LoadError,
  downloadGroupedWorkbook,
  exportFileName,
  useUrlFilters,
  type FilterDef,
} from '@vot/shared/lists';
import { notify } from '@vot/shared/session';
import type { VotReportRow } from '@vot/shared/schemas';
import { BackButton, FullScreenSpinner, useCan } from '@vot/shared/ui';
import { KEY_COLUMNS, VOT_REPORT_COLUMNS } from './columns';
import { useVotReport } from './useVotReport';
import './VotReport.css';

/** SPEC.md §2 VOT Report: Start Date and End Date (the §5 date rules), Search into the URL. */
const FILTERS: FilterDef[] = [{ name: 'dates', label: 'Dates', type: 'date-range' }];
export const VOT_REPORT_FILE = 'VOT-Report';

const rowKey = (r: VotReportRow) => `${r.township_id}/${r.fy}${r.quarter}`;

/** /admin/VOT-Report: a row per township and quarter, groups 1–8, exported as the paper form's spreadsheet. */
export default function VotReportPage() {
  const filters = useUrlFilters(FILTERS);
  const report = useVotReport(filters.start_date, filters.end_date);
  const canExport = useCan('reports', 'export');
  const [exporting, setExporting] = useState(false);
  const rows = report.status === 'loaded' ? report.report.data : [];

  async function exportReport() {
    setExporting(true);
    try {
      await downloadGroupedWorkbook(
        exportFileName(VOT_REPORT_FILE),
        VOT_REPORT_FILE,
        VOT_REPORT_COLUMNS,
        rows,
        KEY_COLUMNS,
      );
    } catch {
      notify('error', UI_MESSAGES.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="vot-list-page vot-report" aria-labelledby="vot-report-title">
      <header className="vot-list-header">
        <BackButton />
        <h2 id="vot-report-title">VOT Report</h2>
        <div className="vot-list-toolbar">
          {canExport && (
            <Button
              type="button"
              label="Export"
              icon="pi pi-file-excel"
              severity="success"
              outlined
              loading={exporting}
              disabled={exporting || report.status !== 'loaded'}
              onClick={() => void exportReport()}
            />
          )}
        </div>
      </header>
      <ListFilters filters={FILTERS} />
      {report.status === 'loading' && <FullScreenSpinner />}
      {report.status === 'failed' && <LoadError message={report.message} onRetry={report.retry} />}
      {report.status === 'idle' && <p className="vot-report-hint">Choose a Start Date and an End Date, then Search.</p>}
      {report.status === 'loaded' && (
        <>
          <p className="vot-report-asof">
            Patients by township and reporting quarter, from {report.report.start_date} to {report.report.end_date};
            figures as of {report.report.end_date}.
          </p>
          <GroupedTable groups={VOT_REPORT_COLUMNS} rows={rows} rowKey={rowKey} label="VOT Report" />
        </>
      )}
    </section>
  );
}
