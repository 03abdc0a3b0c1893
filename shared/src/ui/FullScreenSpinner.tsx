import { ProgressSpinner } from 'primereact/progressspinner';

/** Covers the screen while a page loads (SPEC.md §2 "Common behaviour"). */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="vot-fullscreen-spinner" role="status" aria-live="polite" aria-label={label}>
      {/* A progressbar needs a name of its own too (axe aria-progressbar-name). */}
      <ProgressSpinner style={{ width: 56, height: 56 }} strokeWidth="4" aria-label={label} />
    </div>
  );
}
