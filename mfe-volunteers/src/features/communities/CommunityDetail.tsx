import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { successMessage } from '@vot/shared/domain';
import { ConfirmDeleteDialog, LoadError, useRecord, volunteerOptions } from '@vot/shared/lists';
import type { CommunityInput } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { FullScreenSpinner, useCan } from '@vot/shared/ui';
import { routes } from '../../routes';
import { communitiesApi, keepVolunteer } from './community.api';
import { CommunityForm, valuesOf } from './CommunityForm';
import { CommunityPage } from './CommunityPage';

const NOT_FOUND = 'Community not found.';

/**
 * SPEC.md §2 community detail: the activity in its form, Update and Delete by permission, shown
 * read-only to a role that may not update. A delete goes back to the community list.
 */
export default function CommunityDetail() {
  const { id } = useParams();
  const navigate = useNavigate();
  const canUpdate = useCan('activities', 'update');
  const canDelete = useCan('activities', 'delete');
  const loaded = useRecord(communitiesApi.show, id);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const community = loaded.status === 'found' ? loaded.record : null;

  const volunteer = community?.volunteer;
  const loadVolunteers = useMemo(
    () => () =>
      volunteerOptions()
        .catch(() => [])
        .then((options) => (volunteer ? keepVolunteer(options, volunteer) : options)),
    [volunteer],
  );

  async function update(input: CommunityInput) {
    const res = await communitiesApi.update(community!.id, input);
    notify('success', successMessage('Community', 'updated'));
    loaded.replace(res.data);
  }

  async function remove() {
    setDeleting(true);
    try {
      await communitiesApi.remove(community!.id);
      notify('success', successMessage('Community', 'deleted'));
      navigate(routes.communityList.path, { replace: true });
    } catch {
      /* the API client has shown why */
      setDeleting(false);
    }
  }

  return (
    <CommunityPage title="Community Detail">
      {loaded.status === 'missing' || loaded.status === 'failed' ? (
        // Why it is not shown, with Retry; Back, above, returns to the list.
        <LoadError message={loaded.status === 'failed' ? loaded.message : NOT_FOUND} onRetry={loaded.retry} />
      ) : !community ? (
        <FullScreenSpinner />
      ) : (
        <CommunityForm
          // A saved update brings the record back as stored: start from it.
          key={JSON.stringify(valuesOf(community))}
          initialValues={valuesOf(community)}
          loadVolunteers={loadVolunteers}
          submitLabel="Update"
          onSubmit={canUpdate ? update : undefined}
          actions={
            canDelete && (
              <Button
                type="button"
                label="Delete"
                icon="pi pi-trash"
                severity="danger"
                outlined
                onClick={() => setConfirming(true)}
              />
            )
          }
        />
      )}
      <ConfirmDeleteDialog
        visible={confirming}
        busy={deleting}
        onConfirm={() => void remove()}
        onHide={() => setConfirming(false)}
      />
    </CommunityPage>
  );
}
