import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Toast } from 'primereact/toast';
import { dismissNotice, noticesAtom } from '@vot/shared/session';

const SUMMARY = { success: 'Success', error: 'Error', warn: 'Warning', info: 'Notice' } as const;

/** Shows notices raised by the shell, any remote or the API client. */
export function Notices() {
  const notices = useAtomValue(noticesAtom);
  const toast = useRef<Toast>(null);
  useEffect(() => {
    for (const n of notices) {
      toast.current?.show({ severity: n.severity, summary: SUMMARY[n.severity], detail: n.text, life: n.severity === 'error' ? 6000 : 3000 });
      dismissNotice(n.id);
    }
  }, [notices]);
  return <Toast ref={toast} position="top-right" />;
}
