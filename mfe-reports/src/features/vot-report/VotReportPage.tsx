import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { FISCAL_YEAR_CONVENTION, UI_MESSAGES } from '@vot/shared/domain';
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
import { FIGURE_DEFINITIONS_PATH } from '../figures/path';
import { KEY_COLUMNS, VOT_REPORT_COLUMNS } from './columns';
import { VOT_REPORT_TITLE, reportHeading } from './heading';
import { NOT_COUNTED_PATH } from './not-counted/path';
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
    if (report.status !== 'loaded') return;
    setExporting(true);
    try {
      await downloadGroupedWorkbook(
        exportFileName(VOT_REPORT_FILE),
        VOT_REPORT_FILE,
        VOT_REPORT_COLUMNS,
        rows,
        KEY_COLUMNS,
        reportHeading(report.report),
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
        <h2 id="vot-report-title">{VOT_REPORT_TITLE}</h2>
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
      <p className="vot-report-hint">
        {FISCAL_YEAR_CONVENTION} <Link to={FIGURE_DEFINITIONS_PATH}>What each figure counts</Link>
      </p>
      {report.status === 'loading' && <FullScreenSpinner />}
      {report.status === 'failed' && <LoadError message={report.message} onRetry={report.retry} />}
      {report.status === 'idle' && <p className="vot-report-hint">Choose a Start Date and an End Date, then Search.</p>}
      {report.status === 'loaded' && (
        <>
          {/* The spreadsheet's heading lines, but the title (the page's heading) and the fiscal year (shown once above). */}
          <ul className="vot-report-asof" aria-label="About this report">
            {reportHeading(report.report)
              .filter((line) => line !== VOT_REPORT_TITLE && line !== FISCAL_YEAR_CONVENTION)
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
          <p className="vot-report-hint">
            <Link to={NOT_COUNTED_PATH}>Patients the report counts in no row, and why</Link>
          </p>
          <GroupedTable
            groups={VOT_REPORT_COLUMNS}
            rows={rows}
            rowKey={rowKey}
            label="VOT Report"
            // Township, the first column frozen on screen (VotReport.css): the label stays in view.
            totalLabelColumn={2}
          />
        </>
      )}
    </section>
  );
}
