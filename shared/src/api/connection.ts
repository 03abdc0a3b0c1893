/**
 * The browser's word on the link: false only when it knows there is none (no network at all, or
 * the phone's data switched off). A link that is up but slow or lossy still says true.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Resolves when the browser is online again (at once if it is), or rejects when `signal` aborts. */
export function whenOnline(signal?: AbortSignal): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      window.removeEventListener('online', done);
      reject(signal?.reason);
    };
    window.addEventListener('online', done);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
