import { useState } from 'react';
import { successMessage } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import type { ListScreen } from './listScreen';
import type { PagedList } from './usePagedList';

export type Editing<T> = { mode: 'create' } | { mode: 'update'; row: T } | null;

/** The screen's form dialog: which record it holds, if any, and its save. */
export interface FormDialog<T, Input> {
  editing: Editing<T>;
  create: () => void;
  update: (row: T) => void;
  close: () => void;
  /** Resolves when saved; rejects (ApiError) to keep the dialog and the typing. */
  save: (values: Input) => Promise<void>;
}

/** Create or update through the screen's API, then the notice, then the created record's page or a reload. */
export function useFormDialog<T extends { id: number }, Input extends Record<string, unknown>, X>(
  screen: ListScreen<T, Input, X>,
  list: PagedList<T>,
  open: (path: string) => void,
): FormDialog<T, Input> {
  const [editing, setEditing] = useState<Editing<T>>(null);

  async function save(values: Input) {
    const { api, entity, form } = screen;
    const updating = editing?.mode === 'update' ? editing.row : null;
    let created: T | null = null;
    if (updating) await api.update(updating.id, values);
    else created = (await api.create(values)).data;
    notify('success', successMessage(entity, updating ? 'updated' : 'created'));
    setEditing(null);
    if (created && form?.openCreated) open(form.openCreated(created));
    else list.reload();
  }

  return {
    editing,
    create: () => setEditing({ mode: 'create' }),
    update: (row) => setEditing({ mode: 'update', row }),
    close: () => setEditing(null),
    save,
  };
}
