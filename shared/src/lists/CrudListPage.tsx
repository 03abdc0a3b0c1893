import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from 'primereact/button';
import type { AnyObjectSchema } from 'yup';
import type { ResourceApi } from '../api/resource';
import { successMessage } from '@vot/shared/domain';
import type { Action, Resource } from '../permissions';
import { notify, userAtom, type SessionUser } from '@vot/shared/session';
import { can } from '@vot/shared/permissions';
import { useAtomValue } from 'jotai';
import { READING_DIALOG_PT } from '../ui/dialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { CrudDialog } from './CrudDialog';
import type { FieldDef } from '../ui/FormField';
import { ExportButton } from './ExportButton';
import type { ExportDef } from './export';
import { PagedListPage, type ColumnDef } from './PagedListPage';
import { ListFilters, useUrlFilters, type FilterDef } from './ListFilters';
import { usePagedList } from './usePagedList';
import { useCan } from '@vot/shared/ui';

/**
 * A list screen as a declaration, no code. `X` is the row of the export call, which may differ
 * from a list row (a volunteer's export has its password). Without a form the screen has neither
 * New (unless `createPath` names a create page) nor Update (the trash).
 */
export interface ListScreen<T extends { id: number }, Input extends Record<string, unknown>, X = never> {
  /** A function when the title names something only the rows know (whose trainings these are). */
  title: string | ((rows: T[]) => string);
  /** The entity's name in notices: 'Region has been created successfully!'. */
  entity: string;
  permission: Resource;
  api: ResourceApi<T, Input>;
  columns: ColumnDef<T>[];
  paged?: boolean;
  /** Sent with every list call: the volunteer trash is GET volunteers?status=0. */
  query?: Record<string, unknown>;
  /** Query-bound filters with Search and All (accounts: email text and role). */
  filters?: FilterDef[];
  /** Row buttons between Update and Delete, each with its own dialog. */
  rowDialogs?: RowDialogAction<T>[];
  /** Row buttons declared as data, after the row dialogs: a link (Detail) or a call (Recover). */
  rowActions?: RowAction<T>[];
  /**
   * The built-in row buttons, when the user may use them; a list whose rows open a detail shows neither. Update and
   * Delete by default. 'detail' shows the form read-only under its update title (a record that is never edited, an
   * infection checklist), for whoever reads the list.
   */
  rowButtons?: ('update' | 'delete' | 'detail')[];
  /** Which rows the built-in buttons appear on (SPEC.md §4: only visits made on the dashboard); every row by default. */
  rowEditable?: (row: T) => boolean;
  /** Rows a page when the API's page is not the usual 10 (the VOT visit list's 28). */
  pageSize?: number;
  /** An Export button for users with the export permission, over the applied filters. */
  export?: ExportDef<X>;
  form?: CrudForm<T, Input>;
  /** New opens this route, a form page of its own (Create Community), instead of the create dialog. */
  createPath?: string;
  /** A row's class names, for highlights the screen styles (patients with TB). */
  rowClassName?: (row: T) => string | undefined;
}

/** The create and update dialogs of a screen. */
export interface CrudForm<T, Input> {
  createTitle: string;
  updateTitle: string;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  createSchema?: AnyObjectSchema;
  /** A new record's starting values; a function when they depend on the user (a Field Officer's only township). */
  empty: Input | ((user: SessionUser | null) => Input);
  toInput: (row: T) => Input;
  /** The dialog's width; the kit's narrow dialog by default. */
  width?: string;
  /** Where a created record opens (its detail, to read its generated code); the list reloads otherwise. */
  openCreated?: (row: T) => string;
}

/** Everything a create/read/update/delete list screen is. */
export type CrudScreen<T extends { id: number }, Input extends Record<string, unknown>, X = never> = ListScreen<T, Input, X> & {
  form: CrudForm<T, Input>;
};

/** A row button with a dialog of its own (Email Update of an account). */
export interface RowDialogAction<T> {
  label: string;
  /** The permission action the button needs on the screen's resource. */
  action: Action;
  title: string;
  /** Used in the notice: 'Email has been updated successfully!'. */
  entity: string;
  fields: FieldDef[];
  schema: AnyObjectSchema;
  toInput: (row: T) => Record<string, unknown>;
  submit: (row: T, values: Record<string, unknown>) => Promise<unknown>;
}

interface RowActionBase {
  label: string;
  /** The permission action the button needs, on the screen's resource unless `resource` names another. */
  action: Action;
  resource?: Resource;
  severity?: ButtonProps['severity'];
}
/**
 * A row button as data. `to` opens a route carrying the list's query, so a list drawn beneath a
 * detail keeps its page and filters and Back returns to it; `run` makes a call (Recover, End
 * Sessions), then shows `notice` (or what it makes of the answer) and reloads, with `confirm` only
 * after 'Are you sure?' with that text and button; `show` opens a read-only dialog titled `title`
 * (a visit's detail).
 */
export type RowAction<T> = RowActionBase &
  (
    | { to: (row: T) => string }
    | { run: (row: T) => Promise<unknown>; notice: string | ((answer: unknown) => string); confirm?: { text: (row: T) => string; yes: string } }
    | { show: (row: T) => ReactNode; title: string }
  );

/** History state of a route opened from a list: Back (history -1) returns to that list. */
export const FROM_LIST = { fromList: true } as const;

/** Leaves a detail for its list: back through history when the list opened it, else to `listPath` with the same query. */
export function useBackToList(listPath: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) navigate(-1);
    else navigate(`${listPath}${location.search}`, { replace: true });
  }, [fromList, navigate, listPath, location.search]);
}

type Editing<T> = { mode: 'create' } | { mode: 'update' | 'detail'; row: T } | null;

export function CrudListPage<T extends { id: number }, Input extends Record<string, unknown>, X = never>({ screen }: { screen: ListScreen<T, Input, X> }) {
  const { api, entity, permission, form, query } = screen;
  const load = useCallback((params: Record<string, unknown>, signal: AbortSignal) => api.list({ ...query, ...params }, signal), [api, query]);
  const filters = useUrlFilters(screen.filters);
  const list = usePagedList<T>(load, screen.paged ?? true, filters);
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<{ action: RowDialogAction<T>; row: T } | null>(null);
  const user = useAtomValue(userAtom);
  const rowDialogs = (screen.rowDialogs ?? []).filter((a) => can(user, permission, a.action));
  const rowActions = (screen.rowActions ?? []).filter((a) => can(user, a.resource ?? permission, a.action));
  const rowButtons = screen.rowButtons ?? ['update', 'delete'];
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [showing, setShowing] = useState<{ title: string; body: ReactNode } | null>(null);
  const [confirming, setConfirming] = useState<{ action: RowAction<T>; row: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = useCan(permission, 'create') && (form !== undefined || screen.createPath !== undefined);
  const canUpdate = useCan(permission, 'update') && form !== undefined && rowButtons.includes('update');
  const canDelete = useCan(permission, 'delete') && rowButtons.includes('delete');
  const canDetail = form !== undefined && rowButtons.includes('detail');
  const canExport = useCan(permission, 'export') && screen.export !== undefined;

  /** Opens a route from the list; see FROM_LIST. */
  const open = (path: string) => navigate(`${path}${location.search}`, { state: FROM_LIST });

  async function save(values: Input) {
    const updating = editing?.mode === 'update' ? editing.row : null;
    let created: T | null = null;
    if (updating) await api.update(updating.id, values);
    else created = (await api.create(values)).data;
    notify('success', successMessage(entity, updating ? 'updated' : 'created'));
    setEditing(null);
    if (created && form?.openCreated) open(form.openCreated(created));
    else list.reload();
  }

  async function submitRowDialog(values: Record<string, unknown>) {
    if (!dialog) return;
    await dialog.action.submit(dialog.row, values);
    notify('success', successMessage(dialog.action.entity, 'updated'));
    setDialog(null);
    list.reload();
  }

  /** A row left this list (deleted, recovered): reload, stepping back from a page it leaves empty. */
  function rowGone() {
    if (list.rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
    else list.reload();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.remove(deleting.id);
      notify('success', successMessage(entity, 'deleted'));
      setDeleting(null);
      rowGone();
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  async function run(action: RowAction<T>, row: T) {
    if ('to' in action) return open(action.to(row));
    if ('show' in action) return setShowing({ title: action.title, body: action.show(row) });
    setRunning(`${action.label}-${row.id}`);
    try {
      const answer = await action.run(row);
      notify('success', typeof action.notice === 'function' ? action.notice(answer) : action.notice);
      rowGone();
    } catch {
      /* the API client has shown why */
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  }

  const editable = screen.rowEditable ?? (() => true);
  const hasRowButtons = canUpdate || canDelete || canDetail || rowDialogs.length > 0 || rowActions.length > 0;
  const rowButtonsOf = hasRowButtons
    ? (row: T) => (
        <span className="vot-row-actions">
          {canDetail && <Button type="button" label="Detail" size="small" outlined severity="info" onClick={() => setEditing({ mode: 'detail', row })} />}
          {canUpdate && editable(row) && <Button type="button" label="Update" size="small" outlined onClick={() => setEditing({ mode: 'update', row })} />}
          {rowDialogs.map((action) => (
            <Button key={action.label} type="button" label={action.label} size="small" outlined severity="secondary" onClick={() => setDialog({ action, row })} />
          ))}
          {rowActions.map((action) => (
            <Button
              key={action.label}
              type="button"
              label={action.label}
              size="small"
              outlined
              severity={action.severity ?? 'info'}
              loading={running === `${action.label}-${row.id}`}
              disabled={running !== null}
              onClick={() => ('confirm' in action && action.confirm ? setConfirming({ action, row }) : void run(action, row))}
            />
          ))}
          {canDelete && editable(row) && <Button type="button" label="Delete" size="small" severity="danger" outlined onClick={() => setDeleting(row)} />}
        </span>
      )
    : undefined;

  return (
    <>
      <PagedListPage
        title={typeof screen.title === 'function' ? screen.title(list.rows) : screen.title}
        list={list}
        columns={screen.columns}
        toolbar={
          <>
            {screen.filters && <ListFilters filters={screen.filters} />}
            {canCreate && <Button type="button" label="New" icon="pi pi-plus" onClick={() => (screen.createPath ? navigate(screen.createPath) : setEditing({ mode: 'create' }))} />}
            {canExport && screen.export && <ExportButton def={screen.export} filters={filters} filterDefs={screen.filters} />}
          </>
        }
        rowActions={rowButtonsOf}
        rowClassName={screen.rowClassName}
        pageSize={screen.pageSize}
      />
      <Dialog header={showing?.title} visible={showing !== null} onHide={() => setShowing(null)} style={{ width: 'min(44rem, 95vw)' }} pt={READING_DIALOG_PT} modal>
        {showing?.body}
      </Dialog>
      {confirming && 'run' in confirming.action && confirming.action.confirm && (
        <ConfirmDeleteDialog
          visible
          busy={running !== null}
          text={confirming.action.confirm.text(confirming.row)}
          yes={confirming.action.confirm.yes}
          onConfirm={() => void run(confirming.action, confirming.row)}
          onHide={() => setConfirming(null)}
        />
      )}
      {form && (
        <CrudDialog<Input>
          header={editing && editing.mode !== 'create' ? form.updateTitle : form.createTitle}
          visible={editing !== null}
          onHide={() => setEditing(null)}
          fields={form.fields.filter((f) => (editing && editing.mode !== 'create' ? !f.createOnly : !f.updateOnly))}
          schema={editing?.mode === 'create' ? (form.createSchema ?? form.schema) : form.schema}
          initialValues={editing && editing.mode !== 'create' ? form.toInput(editing.row) : typeof form.empty === 'function' ? form.empty(user) : form.empty}
          onSubmit={save}
          readOnly={editing?.mode === 'detail'}
          width={form.width}
        />
      )}
      {rowDialogs.length > 0 && (
        <CrudDialog<Record<string, unknown>>
          header={dialog?.action.title ?? ''}
          visible={dialog !== null}
          onHide={() => setDialog(null)}
          fields={dialog?.action.fields ?? []}
          schema={dialog?.action.schema ?? rowDialogs[0]!.schema}
          initialValues={dialog ? dialog.action.toInput(dialog.row) : {}}
          onSubmit={submitRowDialog}
        />
      )}
      <ConfirmDeleteDialog visible={deleting !== null} busy={busy} onConfirm={() => void confirmDelete()} onHide={() => setDeleting(null)} />
    </>
  );
}
