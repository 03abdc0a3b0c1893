import { atom, getDefaultStore } from 'jotai';

export type NoticeSeverity = 'success' | 'error' | 'warn' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  text: string;
}

/** Notices raised anywhere (API client, any remote); the shell shows them as toasts. */
export const noticesAtom = atom<Notice[]>([]);
let nextId = 1;

export function notify(severity: NoticeSeverity, text: string): void {
  const store = getDefaultStore();
  store.set(noticesAtom, [...store.get(noticesAtom), { id: nextId++, severity, text }]);
}

export function dismissNotice(id: number): void {
  const store = getDefaultStore();
  store.set(
    noticesAtom,
    store.get(noticesAtom).filter((n) => n.id !== id),
  );
}
