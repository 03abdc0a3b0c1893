import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

/**
 * A load that failed: the reason and Retry, in place of what should have been shown. On a bad
 * connection the user retries here instead of losing the page (or being signed out).
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Message
      severity="error"
      className="vot-list-error"
      content={
        <span>
          {message} <Button type="button" link label="Retry" onClick={onRetry} />
        </span>
      }
    />
  );
}
