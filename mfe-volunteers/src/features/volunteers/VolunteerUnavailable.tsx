import { RecordUnavailable } from '@vot/shared/lists';
import { routes } from '../../routes';

/** What a volunteer's page shows instead of the volunteer: 'Volunteer not found.', or why it could not be read. */
export function VolunteerUnavailable({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <RecordUnavailable
      entity="Volunteer"
      listPath={routes.volunteerList.path}
      listLabel="Volunteer List"
      message={message}
      onRetry={onRetry}
    />
  );
}
