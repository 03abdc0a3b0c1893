import { useSyncExternalStore } from 'react';
import './ConnectionBanner.css';

function subscribe(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Says so while the browser has no link. Screens keep what they show, and their reads wait for the
 * link and are asked again when it returns (the API client), instead of failing one by one.
 */
export function ConnectionBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="vot-offline" role="status">
      <i className="pi pi-wifi" aria-hidden="true" /> No connection. The console will carry on when the link returns;
      changes cannot be saved until then.
    </div>
  );
}
