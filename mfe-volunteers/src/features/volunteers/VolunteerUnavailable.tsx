import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { routes } from '../../routes';

interface Props {
  /** Without a message: the volunteer does not exist (or not for this user). */
  message?: string;
  onRetry?: () => void;
}

/** What a volunteer's page shows instead of the volunteer: 'Volunteer not found.', or why it could not be read. */
export function VolunteerUnavailable({ message, onRetry }: Props) {
  return (
    <section className="vot-module-unavailable" role="alert">
      <i className="pi pi-user-minus" aria-hidden="true" />
      <h2>{message ?? 'Volunteer not found.'}</h2>
      {!message && <p>The volunteer may have been moved to the trash, or belongs to a township that is not yours.</p>}
      <p>
        {onRetry && <Button type="button" label="Retry" onClick={onRetry} style={{ marginRight: '1rem' }} />}
        <Link to={routes.volunteerList.path}>Go to the Volunteer List</Link>
      </p>
    </section>
  );
}
