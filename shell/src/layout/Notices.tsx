import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Toast as ToastHandle } from 'primereact/toast';
import { dismissNotice, noticesAtom } from '@vot/shared/session';

const SUMMARY = { success: 'Success', error: 'Error', warn: 'Warning', info: 'Notice' } as const;

// Fetched with the first notice: the sign-in page usually shows none.
const Toast = lazy(() => import('./Toast'));

/** Shows notices raised by the shell, any remote or the API client. */
export function Notices() {
  const notices = useAtomValue(noticesAtom);
  const [toast, setToast] = useState<ToastHandle | null>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (notices.length) setWanted(true);
    if (!toast) return;
    for (const n of notices) {
      toast.show({ severity: n.severity, summary: SUMMARY[n.severity], detail: n.text, life: n.severity === 'error' ? 6000 : 3000 });
      dismissNotice(n.id);
    }
  }, [notices, toast]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toast ref={setToast} position="top-right" />
    </Suspense>
  );
}
