import { useNavigate } from 'react-router-dom';
import { successMessage } from '@vot/shared/domain';
import { volunteerOptions } from '@vot/shared/lists';
import type { CommunityInput } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { routes } from '../../routes';
import { communitiesApi } from './community.api';
import { CommunityForm, NEW_COMMUNITY } from './CommunityForm';
import { CommunityPage } from './CommunityPage';

/** SPEC.md §2 Create Community. Saved, it goes to the community list (newest first), ready for the next one. */
export default function CommunityCreate() {
  const navigate = useNavigate();
  async function create(input: CommunityInput) {
    await communitiesApi.create(input);
    notify('success', successMessage('Community', 'created'));
    // Replace: Back from the list should not reopen a form already saved.
    navigate(routes.communityList.path, { replace: true });
  }
  return (
    <CommunityPage title="Create Community">
      <CommunityForm
        initialValues={NEW_COMMUNITY}
        loadVolunteers={volunteerOptions}
        submitLabel="Save"
        onSubmit={create}
      />
    </CommunityPage>
  );
}
