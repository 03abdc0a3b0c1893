import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Toast as ToastHandle, ToastMessage } from 'primereact/toast';
import { dismissNotice, noticesAtom } from '@vot/shared/session';

const SUMMARY = { success: 'Success', error: 'Error', warn: 'Warning', info: 'Notice' } as const;

// Fetched with the first notice: the sign-in page usually shows none.
const Toast = lazy(() => import('./Toast'));

/** Shows notices raised by the shell, any remote or the API client. */
export function Notices() {
  const notices = useAtomValue(noticesAtom);
  const [toast, setToast] = useState<ToastHandle | null>(null);
  const [wanted, setWanted] = useState(false);
  // The success on screen: the next one takes its place. Two saves in a row stacked two toasts over
  // the list's toolbar and first rows; a success needs no second look, an error stays till it times out.
  const success = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (notices.length) setWanted(true);
    if (!toast) return;
    for (const n of notices) {
      const message: ToastMessage = {
        severity: n.severity,
        summary: SUMMARY[n.severity],
        detail: n.text,
        life: n.severity === 'error' ? 6000 : 3000,
      };
      if (n.severity === 'success') {
        if (success.current) toast.remove(success.current);
        success.current = message;
      }
      toast.show(message);
      dismissNotice(n.id);
    }
  }, [notices, toast]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* In the top bar's middle (styles.css): it covers none of the page's buttons. */}
      <Toast ref={setToast} position="top-center" className="vot-notices" />
    </Suspense>
  );
}
