import { Button } from 'primereact/button';

interface Props {
  reason: 'disabled' | 'unreachable' | 'forbidden';
  onRetry?: () => void;
}

const TEXT = {
  disabled: 'This module is not available in this environment. The rest of the console works as usual.',
  unreachable:
    'This module could not be loaded. Check the connection and try again; the rest of the console works as usual.',
  forbidden: 'Your role does not give access to this screen.',
};

/** What a person sees instead of a blank area when a remote is off, down or not theirs. */
export function ModuleUnavailable({ reason, onRetry }: Props) {
  return (
    <section className="vot-module-unavailable" role="alert" aria-labelledby="module-unavailable-title">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      <h2 id="module-unavailable-title">{reason === 'forbidden' ? 'Not allowed' : 'This module is not available'}</h2>
      <p>{TEXT[reason]}</p>
      {onRetry && <Button type="button" label="Retry" icon="pi pi-refresh" onClick={onRetry} />}
    </section>
  );
}
