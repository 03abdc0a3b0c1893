import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { can } from '@vot/shared/permissions';
import { userAtom } from '@vot/shared/session';
import { useCan } from '@vot/shared/ui';
import { useOpenFromList } from './backToList';
import { useUrlFilters } from './ListFilters';
import { opensRows, type ListScreen, type RowAction, type RowButton, type RowDialogAction } from './listScreen';
import { useFormDialog, type FormDialog } from './useFormDialog';
import { usePagedList, type PagedList } from './usePagedList';
import { useRowDeletion, type RowDeletion } from './useRowDeletion';
import { useRowDialog, type RowDialog } from './useRowDialog';
import { useRowRuns, type RowRuns } from './useRowRuns';

/** A list screen's state, which the kit's parts (CrudToolbar, RowButtons, CrudDialogs) draw and a screen may add to. */
export interface CrudList<T extends { id: number }, Input extends Record<string, unknown>, X = never> {
  screen: ListScreen<T, Input, X>;
  list: PagedList<T>;
  title: string;
  /** The applied filters (the URL's): what the list shows and the export writes. */
  filters: Record<string, string>;
  /** The built-in buttons this user gets (the permission and the declaration both allow them). */
  can: { create: boolean; update: boolean; delete: boolean; export: boolean };
  /** The row dialogs and row actions this user may use. */
  rowDialogs: RowDialogAction<T>[];
  rowActions: RowAction<T>[];
  /** Whether Update and Delete appear on this row. */
  editable: (row: T) => boolean;
  /** Whether the user may act on this row beyond reading it (the screen's rowAllowed). */
  allowedOn: (row: T) => boolean;
  /** Whether any row button shows for this user: the Action column is drawn only then. */
  hasRowButtons: boolean;
  /** New: the create page when the screen names one, else the create dialog. */
  create: () => void;
  form: FormDialog<T, Input>;
  rowDialog: RowDialog<T>;
  runs: RowRuns<T>;
  deletion: RowDeletion<T>;
}

const UPDATE_AND_DELETE: readonly RowButton[] = ['update', 'delete'];
const everyRow = () => true;

/** The paged list of a screen (its query, the URL's page and filters) and its dialogs' state. */
export function useCrudList<T extends { id: number }, Input extends Record<string, unknown>, X = never>(
  screen: ListScreen<T, Input, X>,
): CrudList<T, Input, X> {
  const { api, permission, form } = screen;
  // The list call and the query's value, not the screen object: a screen declared in a
  // component's body (a new object and a new query each render) must not reload the list.
  const listCall = api.list;
  const queryKey = JSON.stringify(screen.query ?? {});
  const load = useCallback(
    (params: Record<string, unknown>, signal: AbortSignal) =>
      listCall({ ...(JSON.parse(queryKey) as Record<string, unknown>), ...params }, signal),
    [listCall, queryKey],
  );
  const filters = useUrlFilters(screen.filters);
  const list = usePagedList<T>(load, screen.paged ?? true, filters);
  const navigate = useNavigate();
  const open = useOpenFromList();
  const user = useAtomValue(userAtom);
  const formDialog = useFormDialog(screen, list, open);
  const rowDialog = useRowDialog(list);
  const runs = useRowRuns(list, open);
  const deletion = useRowDeletion(api.remove, screen.entity, list);

  const rowButtons: readonly RowButton[] = screen.rowButtons ?? UPDATE_AND_DELETE;
  const allowed = {
    create: useCan(permission, 'create') && (form !== undefined || screen.createPath !== undefined),
    update: useCan(permission, 'update') && rowButtons.includes('update') && opensRows(form),
    delete: useCan(permission, 'delete') && rowButtons.includes('delete'),
    export: useCan(permission, 'export') && screen.export !== undefined,
  };
  const rowDialogs = (screen.rowDialogs ?? []).filter((a) => can(user, permission, a.action));
  const rowActions = (screen.rowActions ?? []).filter((a) => can(user, a.resource ?? permission, a.action));
  const { createPath } = screen;
  const allowedOn = (row: T) => screen.rowAllowed?.(row, user) ?? true;

  return {
    screen,
    list,
    title: typeof screen.title === 'function' ? screen.title(list.rows) : screen.title,
    filters,
    can: allowed,
    rowDialogs,
    rowActions,
    editable: (row) => (screen.rowEditable ?? everyRow)(row) && allowedOn(row),
    allowedOn,
    hasRowButtons: allowed.update || allowed.delete || rowDialogs.length > 0 || rowActions.length > 0,
    create: () => (createPath ? navigate(createPath) : formDialog.create()),
    form: formDialog,
    rowDialog,
    runs,
    deletion,
  };
}
