import { useState } from 'react';
import { successMessage } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import { reloadAfterRemoval, type PagedList } from './usePagedList';

/** The row awaiting 'Are you sure?' for its Delete, and the delete itself. */
export interface RowDeletion<T> {
  row: T | null;
  busy: boolean;
  ask: (row: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

/** Deletes through `remove`, with the entity's notice; a refusal keeps the dialog (the API client has shown why). */
export function useRowDeletion<T extends { id: number }>(
  remove: (id: number) => Promise<unknown>,
  entity: string,
  list: PagedList<T>,
): RowDeletion<T> {
  const [row, setRow] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!row) return;
    setBusy(true);
    try {
      await remove(row.id);
      notify('success', successMessage(entity, 'deleted'));
      setRow(null);
      reloadAfterRemoval(list);
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  return { row, busy, ask: (next) => setRow(next), cancel: () => setRow(null), confirm };
}
