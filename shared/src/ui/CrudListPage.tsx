import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import type { AnyObjectSchema } from 'yup';
import type { Resource as ApiResource } from '../api/resource';
import { successMessage } from '@vot/shared/domain';
import type { Action, Resource } from '../permissions';
import { notify, userAtom } from '@vot/shared/session';
import { can } from '@vot/shared/permissions';
import { useAtomValue } from 'jotai';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { CrudDialog } from './CrudDialog';
import type { FieldDef } from './FormField';
import { PagedListPage, type ColumnDef } from './PagedListPage';
import { ListFilters, useUrlFilters, type FilterDef } from './ListFilters';
import { usePagedList } from './usePagedList';
import { useCan } from '@vot/shared/ui';

/** Everything a simple create/read/update/delete list screen is: a declaration, no code. */
export interface CrudScreen<T extends { id: number }, Input extends Record<string, unknown>> {
  title: string;
  /** The entity's name in notices: 'Region has been created successfully!'. */
  entity: string;
  permission: Resource;
  api: ApiResource<T, Input>;
  columns: ColumnDef<T>[];
  paged?: boolean;
  /** Query-bound filters with Search and All (accounts: email text and role). */
  filters?: FilterDef[];
  /** Row buttons between Update and Delete, each with its own dialog. */
  rowDialogs?: RowDialogAction<T>[];
  form: {
    createTitle: string;
    updateTitle: string;
    fields: FieldDef[];
    schema: AnyObjectSchema;
    createSchema?: AnyObjectSchema;
    empty: Input;
    toInput: (row: T) => Input;
  };
}

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

type Editing<T> = { mode: 'create' } | { mode: 'update'; row: T } | null;

export function CrudListPage<T extends { id: number }, Input extends Record<string, unknown>>({ screen }: { screen: CrudScreen<T, Input> }) {
  const { api, entity, permission, form } = screen;
  const load = useCallback((params: Record<string, unknown>, signal: AbortSignal) => api.list(params, signal), [api]);
  const filters = useUrlFilters(screen.filters);
  const list = usePagedList<T>(load, screen.paged ?? true, filters);
  const [dialog, setDialog] = useState<{ action: RowDialogAction<T>; row: T } | null>(null);
  const user = useAtomValue(userAtom);
  const rowDialogs = (screen.rowDialogs ?? []).filter((a) => can(user, permission, a.action));
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const canCreate = useCan(permission, 'create');
  const canUpdate = useCan(permission, 'update');
  const canDelete = useCan(permission, 'delete');

  async function save(values: Input) {
    if (editing?.mode === 'update') await api.update(editing.row.id, values);
    else await api.create(values);
    notify('success', successMessage(entity, editing?.mode === 'update' ? 'updated' : 'created'));
    setEditing(null);
    list.reload();
  }

  async function submitRowDialog(values: Record<string, unknown>) {
    if (!dialog) return;
    await dialog.action.submit(dialog.row, values);
    notify('success', successMessage(dialog.action.entity, 'updated'));
    setDialog(null);
    list.reload();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.remove(deleting.id);
      notify('success', successMessage(entity, 'deleted'));
      setDeleting(null);
      // Deleting the last row of a page would leave an empty page behind: step back one.
      if (list.rows.length === 1 && list.page > 1) list.setPage(list.page - 1);
      else list.reload();
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  const rowActions =
    canUpdate || canDelete || rowDialogs.length > 0
      ? (row: T) => (
          <span className="vot-row-actions">
            {canUpdate && <Button type="button" label="Update" size="small" outlined onClick={() => setEditing({ mode: 'update', row })} />}
            {rowDialogs.map((action) => (
              <Button key={action.label} type="button" label={action.label} size="small" outlined severity="secondary" onClick={() => setDialog({ action, row })} />
            ))}
            {canDelete && <Button type="button" label="Delete" size="small" severity="danger" outlined onClick={() => setDeleting(row)} />}
          </span>
        )
      : undefined;

  return (
    <>
      <PagedListPage
        title={screen.title}
        list={list}
        columns={screen.columns}
        toolbar={
          <>
            {screen.filters && <ListFilters filters={screen.filters} />}
            {canCreate && <Button type="button" label="New" icon="pi pi-plus" onClick={() => setEditing({ mode: 'create' })} />}
          </>
        }
        rowActions={rowActions}
      />
      <CrudDialog<Input>
        header={editing?.mode === 'update' ? form.updateTitle : form.createTitle}
        visible={editing !== null}
        onHide={() => setEditing(null)}
        fields={form.fields.filter((f) => (editing?.mode === 'update' ? !f.createOnly : !f.updateOnly))}
        schema={editing?.mode === 'create' ? (form.createSchema ?? form.schema) : form.schema}
        initialValues={editing?.mode === 'update' ? form.toInput(editing.row) : form.empty}
        onSubmit={save}
      />
      <CrudDialog<Record<string, unknown>>
        header={dialog?.action.title ?? ''}
        visible={dialog !== null}
        onHide={() => setDialog(null)}
        fields={dialog?.action.fields ?? []}
        schema={dialog?.action.schema ?? form.schema}
        initialValues={dialog ? dialog.action.toInput(dialog.row) : {}}
        onSubmit={submitRowDialog}
      />
      <ConfirmDeleteDialog visible={deleting !== null} busy={busy} onConfirm={() => void confirmDelete()} onHide={() => setDeleting(null)} />
    </>
  );
}
