/**
 * The browser's word on the link: false only when it knows there is none (no network at all, or
 * the phone's data switched off). A link that is up but slow or lossy still says true.
 */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser is online again (at once if it is), or rejects when `signal` aborts. */
export const whenOnline = (signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (!isOffline()) return resolve();
    window.addEventListener('online', () => resolve(), { once: true, signal });
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
