import { useParams } from 'react-router-dom';
import { useBackToList } from '@vot/shared/lists';
import { VolunteerDetailDialog } from './VolunteerDetailDialog';
import VolunteerList from './VolunteerList';
import { VolunteerUnavailable } from './VolunteerUnavailable';
import { useVolunteer } from './useVolunteer';
import { routes } from '../../routes';

/**
 * /admin/volunteer-detail/:id: the detail dialog over the volunteer list. The list keeps the query
 * it was opened with, so closing (or Back) returns to the same page and township; a deep link
 * opens the dialog over the first page.
 */
export default function VolunteerDetail() {
  const { id } = useParams();
  const state = useVolunteer(id);
  const backToList = useBackToList(routes.volunteerList.path);
  if (state.status === 'missing') return <VolunteerUnavailable />;
  if (state.status === 'failed') return <VolunteerUnavailable message={state.message} onRetry={state.retry} />;
  return (
    <>
      <VolunteerList />
      {state.status === 'found' && (
        <VolunteerDetailDialog key={state.record.id} volunteer={state.record} onClose={backToList} />
      )}
    </>
  );
}
