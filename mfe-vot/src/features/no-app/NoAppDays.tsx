import { useCallback, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import {
  NO_APP_DOT_PAGE_SIZE,
  NO_APP_STATUS,
  VISIT_TITLES,
  expandDateRange,
  noAppStartDefault,
  successMessage,
} from '@vot/shared/domain';
import {
  ConfirmDeleteDialog,
  CrudDialog,
  ExportButton,
  ListFilters,
  PagedFrame,
  reloadAfterRemoval,
  usePagedList,
  useUrlFilters,
} from '@vot/shared/lists';
import {
  noAppRangeSchema,
  type NoAppDay,
  type NoAppDayList,
  type NoAppRangeInput,
  type Patient,
} from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { useCan } from '@vot/shared/ui';
import { PatientPage } from '../PatientPage';
import { noAppApi } from '../visits/visits.api';
import { firstVisitQuery, visitDateFilter } from '../visits/visits.screen';
import { dayClass, noAppExport, noAppRangeFields } from './no-app';
import '../visits/visits.css';

type Extra = Pick<NoAppDayList, 'counts' | 'last_date'>;

/** One of a day box's icon buttons: named for screen readers, off while the day's change is on its way. */
function DayAction(props: {
  icon: string;
  severity: 'success' | 'info' | 'danger';
  label: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      icon={props.icon}
      rounded
      text
      severity={props.severity}
      aria-label={props.label}
      disabled={props.busy}
      onClick={props.onClick}
    />
  );
}

function DayBox({
  day,
  busy,
  canUpdate,
  canDelete,
  onTick,
  onReset,
  onDelete,
}: {
  day: NoAppDay;
  busy: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onTick: () => void;
  onReset: () => void;
  onDelete: () => void;
}) {
  return (
    <div className={dayClass(day.work_status)} data-status={String(day.work_status)} aria-label={day.date}>
      <span className="vot-day-date">{day.date}</span>
      <span className="vot-day-icons">
        {canUpdate && (
          <DayAction icon="pi pi-check" severity="success" label="Change status" busy={busy} onClick={onTick} />
        )}
        {canUpdate && (
          <DayAction icon="pi pi-refresh" severity="info" label="Reset status" busy={busy} onClick={onReset} />
        )}
        {canDelete && (
          <DayAction icon="pi pi-trash" severity="danger" label="Delete day" busy={busy} onClick={onDelete} />
        )}
      </span>
    </div>
  );
}

function Grid({ patient }: { patient: Patient }) {
  const filterDefs = useMemo(() => [visitDateFilter(patient)], [patient]);
  const filters = useUrlFilters(filterDefs);
  const [extra, setExtra] = useState<Extra | null>(null);
  // The list call also answers the counters and the last day; the kit's list keeps rows and total.
  const load = useCallback(
    (params: Record<string, unknown>, signal: AbortSignal) =>
      noAppApi
        .list(patient.id)(params, signal)
        .then((res) => {
          setExtra({ counts: res.counts, last_date: res.last_date });
          return res;
        }),
    [patient.id],
  );
  const list = usePagedList<NoAppDay>(load, true, filters);
  const exportDef = useMemo(() => noAppExport(patient.id), [patient.id]);
  const canCreate = useCan('vot-status', 'create') && patient.type === 'No App';
  const canUpdate = useCan('vot-status', 'update');
  const canDelete = useCan('vot-status', 'delete');
  const canExport = useCan('vot-status', 'export');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<NoAppDay | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function change(day: NoAppDay, call: (id: number) => Promise<unknown>) {
    setBusy(day.id);
    try {
      await call(day.id);
      notify('success', successMessage('DOT', 'updated'));
      list.reload();
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      await noAppApi.remove(deleting.id);
      notify('success', successMessage('DOT', 'deleted'));
      setDeleting(null);
      reloadAfterRemoval(list);
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(null);
    }
  }

  async function create(values: NoAppRangeInput) {
    await noAppApi.create(patient.id, expandDateRange(values.start_date, values.end_date));
    notify('success', successMessage('DOT', 'created'));
    setCreating(false);
    list.reload();
  }

  const counts = extra?.counts;
  return (
    <PagedFrame
      title={patient.name}
      list={list}
      pageSize={NO_APP_DOT_PAGE_SIZE}
      toolbar={
        <>
          <ListFilters filters={filterDefs} />
          {canCreate && <Button type="button" label="New" icon="pi pi-plus" onClick={() => setCreating(true)} />}
          {canExport && <ExportButton def={exportDef} filters={filters} />}
        </>
      }
    >
      <div className="vot-counters" aria-label="Counters">
        <span className="vot-counter vot-day-yellow">
          {NO_APP_STATUS.achieved.label}: {counts?.achieved ?? 0}
        </span>
        <span className="vot-counter vot-day-black">
          {NO_APP_STATUS.notAchieved.label}: {counts?.notAchieved ?? 0}
        </span>
        <span className="vot-counter vot-day-white">
          {NO_APP_STATUS.notMarked.label}: {counts?.notMarked ?? 0}
        </span>
      </div>
      {!list.loading && !list.error && list.rows.length === 0 && <p>No records found.</p>}
      <div className="vot-tiles">
        {list.rows.map((day) => (
          <DayBox
            key={day.id}
            day={day}
            busy={busy !== null}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onTick={() => void change(day, noAppApi.tick)}
            onReset={() => void change(day, noAppApi.reset)}
            onDelete={() => setDeleting(day)}
          />
        ))}
      </div>
      <CrudDialog<NoAppRangeInput>
        header={VISIT_TITLES.create}
        visible={creating}
        onHide={() => setCreating(false)}
        fields={noAppRangeFields(patient)}
        schema={noAppRangeSchema}
        initialValues={{
          start_date: noAppStartDefault(extra?.last_date ?? null, patient.DOT_start_date),
          end_date: '',
        }}
        onSubmit={create}
      />
      <ConfirmDeleteDialog
        visible={deleting !== null}
        busy={busy !== null}
        onConfirm={() => void confirmDelete()}
        onHide={() => setDeleting(null)}
      />
    </PagedFrame>
  );
}

/** /admin/no-app-dot-list/:id (SPEC.md §2 No-app DOT screen): the grid of days, New only for a 'No App' patient. */
export default function NoAppDays() {
  return (
    <PatientPage alongside={(id, search) => noAppApi.start(id, firstVisitQuery(search))}>
      {(patient) => <Grid patient={patient} />}
    </PatientPage>
  );
}
