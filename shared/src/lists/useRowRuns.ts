import { useState, type ReactNode } from 'react';
import { notify } from '@vot/shared/session';
import type { RowAction } from './listScreen';
import { reloadAfterRemoval, type PagedList } from './usePagedList';

/** The declared row actions in flight: the call running, the one awaiting 'Are you sure?', the record shown. */
export interface RowRuns<T> {
  /** `${label}-${row.id}` of the running call: its button spins, the others wait. */
  running: string | null;
  confirming: { action: RowAction<T>; row: T } | null;
  showing: { title: string; body: ReactNode } | null;
  /** A button's click: asks first when the action says so. */
  start: (action: RowAction<T>, row: T) => void;
  /** Runs it: the confirmation's Yes. */
  run: (action: RowAction<T>, row: T) => Promise<void>;
  closeConfirm: () => void;
  closeShow: () => void;
}

export function useRowRuns<T extends { id: number }>(list: PagedList<T>, open: (path: string) => void): RowRuns<T> {
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ action: RowAction<T>; row: T } | null>(null);
  const [showing, setShowing] = useState<{ title: string; body: ReactNode } | null>(null);

  async function run(action: RowAction<T>, row: T) {
    if ('to' in action) return open(action.to(row));
    if ('show' in action) return setShowing({ title: action.title, body: action.show(row) });
    setRunning(`${action.label}-${row.id}`);
    try {
      const answer = await action.run(row);
      notify('success', typeof action.notice === 'function' ? action.notice(answer) : action.notice);
      // A run moves its row out of this list (Recover leaves the trash).
      reloadAfterRemoval(list);
    } catch {
      /* the API client has shown why */
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  }

  return {
    running,
    confirming,
    showing,
    start: (action, row) =>
      'confirm' in action && action.confirm ? setConfirming({ action, row }) : void run(action, row),
    run,
    closeConfirm: () => setConfirming(null),
    closeShow: () => setShowing(null),
  };
}
