import { useState } from 'react';
import { successMessage } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import type { RowDialogAction } from './listScreen';
import type { PagedList } from './usePagedList';

/** The row dialog open (Email Update of an account), if any, and its submit. */
export interface RowDialog<T> {
  open: { action: RowDialogAction<T>; row: T } | null;
  start: (action: RowDialogAction<T>, row: T) => void;
  close: () => void;
  submit: (values: Record<string, unknown>) => Promise<void>;
}

export function useRowDialog<T>(list: PagedList<T>): RowDialog<T> {
  const [open, setOpen] = useState<{ action: RowDialogAction<T>; row: T } | null>(null);

  async function submit(values: Record<string, unknown>) {
    if (!open) return;
    await open.action.submit(open.row, values);
    // A dialog that records something new about the row (a follow-up of a patient) says so.
    notify('success', successMessage(open.action.entity, open.action.action === 'create' ? 'created' : 'updated'));
    setOpen(null);
    list.reload();
  }

  return { open, start: (action, row) => setOpen({ action, row }), close: () => setOpen(null), submit };
}
