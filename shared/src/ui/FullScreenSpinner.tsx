/**
 * Covers the screen while a page loads (SPEC.md §2 "Common behaviour").
 *
 * A spinner of SVG and CSS (shell/src/styles.css `.vot-spinner`, PrimeReact's ProgressSpinner's
 * look) instead of PrimeReact's component: the shell shows it before sign-in, where PrimeReact's
 * code is not fetched yet (@vot/shared/ui/spinner is the light path to it; docs/decisions/0017).
 */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="vot-fullscreen-spinner" role="status" aria-live="polite" aria-label={label}>
      {/* A progressbar needs a name of its own too (axe aria-progressbar-name). */}
      <div className="vot-spinner" role="progressbar" aria-busy="true" aria-label={label}>
        <svg viewBox="25 25 50 50" aria-hidden="true">
          <circle cx="50" cy="50" r="20" fill="none" strokeWidth="4" strokeMiterlimit="10" />
        </svg>
      </div>
    </div>
  );
}
