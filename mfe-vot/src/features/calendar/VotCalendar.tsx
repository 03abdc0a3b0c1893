import { useMemo, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { VISIT_DETAIL_LABELS, VOT_CALENDAR_PAGE_SIZE, WORK_COLOURS, WORK_LABELS, workColour } from '@vot/shared/domain';
import { ExportButton, ListFilters, PagedFrame, usePagedList, useUrlFilters } from '@vot/shared/lists';
import type { Patient, VisitRecord } from '@vot/shared/schemas';
import { READING_DIALOG_PT, useCan } from '@vot/shared/ui';
import { LedgerDays } from '../ledger/LedgerDays';
import { PatientPage } from '../PatientPage';
import { VideoStateNote } from '../visits/VideoStateNote';
import { VisitDetail } from '../visits/VisitDetail';
import { visitsApi } from '../visits/visits.api';
import { firstVisitQuery, visitDateFilter, visitExport } from '../visits/visits.screen';
import { patientTreatmentApi } from '../patient-treatment.api';
import '../visits/visits.css';

/** The colours' key: works 1 to 3 have a colour and a Burmese label (SPEC.md §3, §9). */
function Legend() {
  return (
    <div className="vot-legend" aria-label="Legend">
      {Object.entries(WORK_COLOURS).map(([work, colour]) => (
        <span key={work} className={`vot-legend-${colour}`}>
          {WORK_LABELS[Number(work)]}
        </span>
      ))}
    </div>
  );
}

function Calendar({ patient }: { patient: Patient }) {
  const filterDefs = useMemo(() => [visitDateFilter(patient)], [patient]);
  const filters = useUrlFilters(filterDefs);
  const load = useMemo(() => visitsApi.all(patient.id), [patient.id]);
  const list = usePagedList<VisitRecord>(load, true, filters);
  const exportDef = useMemo(() => visitExport('All-VOT', (f) => visitsApi.exportAll(patient.id, f)), [patient.id]);
  const canExport = useCan('vot-status', 'export');
  const [open, setOpen] = useState<VisitRecord | null>(null);
  return (
    <PagedFrame
      title={patient.name}
      list={list}
      pageSize={VOT_CALENDAR_PAGE_SIZE}
      toolbar={
        <>
          <ListFilters filters={filterDefs} />
          {canExport && <ExportButton def={exportDef} filters={filters} />}
        </>
      }
    >
      <LedgerDays patientId={patient.id} />
      <Legend />
      {!list.loading && !list.error && list.rows.length === 0 && <p>No records found.</p>}
      <div className="vot-tiles">
        {list.rows.map((v) => (
          <button
            key={v.id}
            type="button"
            className={`vot-tile vot-work-${workColour(v.work)}`}
            data-work={v.work}
            onClick={() => setOpen(v)}
          >
            <span className="vot-tile-date">{v.date}</span>
            <span className="vot-tile-label">{WORK_LABELS[v.work] ?? v.work}</span>
            <VideoStateNote state={v.video_state} />
          </button>
        ))}
      </div>
      <Dialog
        header={VISIT_DETAIL_LABELS.title}
        visible={open !== null}
        onHide={() => setOpen(null)}
        style={{ width: 'min(44rem, 95vw)' }}
        pt={READING_DIALOG_PT}
        modal
      >
        {open && <VisitDetail id={open.id} />}
      </Dialog>
    </PagedFrame>
  );
}

/** The calendar's two reads, started with the patient's: its first page of records and the counted days. */
function startCalendar(patientId: number, search: URLSearchParams) {
  visitsApi.startAll(patientId, firstVisitQuery(search));
  patientTreatmentApi.startLedgerDays(patientId);
}

/**
 * /admin/VOT-calendar/:id (SPEC.md §2 VOT calendar): the ledger's counted days, a tile a day by what
 * the dose rests on; then 28 record tiles a page in the work colours, each opening the visit's detail.
 */
export default function VotCalendar() {
  return <PatientPage alongside={startCalendar}>{(patient) => <Calendar patient={patient} />}</PatientPage>;
}
