import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';

interface Props {
  /** What the page is about, as a title: 'Patient', 'Volunteer'. */
  entity: string;
  /** Where to go instead: the list the record is in, and its name ('TB Patient List'). */
  listPath: string;
  listLabel: string;
  /** Why the record could not be read; without one, it does not exist (or not for this user). */
  message?: string;
  onRetry?: () => void;
}

/**
 * What a record's page shows instead of the record (useRecord's 'missing' and 'failed'): '<Entity>
 * not found.' with the likely reasons, or why it could not be read with Retry; and the way to its list.
 */
export function RecordUnavailable({ entity, listPath, listLabel, message, onRetry }: Props) {
  return (
    <section className="vot-module-unavailable" role="alert">
      <i className="pi pi-user-minus" aria-hidden="true" />
      <h2>{message ?? `${entity} not found.`}</h2>
      {!message && (
        <p>The {entity.toLowerCase()} may have been moved to the trash, or belongs to a township that is not yours.</p>
      )}
      <p>
        {onRetry && <Button type="button" label="Retry" onClick={onRetry} style={{ marginRight: '1rem' }} />}
        <Link to={listPath}>Go to the {listLabel}</Link>
      </p>
    </section>
  );
}
