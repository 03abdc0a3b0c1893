import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { ApiError } from '@vot/shared/api';
import { MESSAGES, successMessage } from '@vot/shared/domain';
import { ConfirmDeleteDialog, LoadError } from '@vot/shared/lists';
import type { CommunityInput } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { FullScreenSpinner, useCan } from '@vot/shared/ui';
import { COMMUNITY_LIST, communitiesApi, keepVolunteer, volunteerOptions, type Community } from './community.api';
import { CommunityForm, valuesOf } from './CommunityForm';
import { CommunityPage } from './CommunityPage';

/**
 * SPEC.md §2 community detail: the activity in its form, Update and Delete by permission, shown
 * read-only to a role that may not update. A delete goes back to the community list.
 */
export default function CommunityDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const canUpdate = useCan('activities', 'update');
  const canDelete = useCan('activities', 'delete');
  const [community, setCommunity] = useState<Community | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    setError(null);
    communitiesApi.show(id).then(
      (res) => live && setCommunity(res.data),
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : MESSAGES.somethingWrong),
    );
    return () => {
      live = false;
    };
  }, [id, tick]);

  const volunteer = community?.volunteer;
  const loadVolunteers = useMemo(
    () => () =>
      volunteerOptions()
        .catch(() => [])
        .then((options) => (volunteer ? keepVolunteer(options, volunteer) : options)),
    [volunteer],
  );

  async function update(input: CommunityInput) {
    const res = await communitiesApi.update(id, input);
    notify('success', successMessage('Community', 'updated'));
    setCommunity(res.data);
  }

  async function remove() {
    setDeleting(true);
    try {
      await communitiesApi.remove(id);
      notify('success', successMessage('Community', 'deleted'));
      navigate(COMMUNITY_LIST, { replace: true });
    } catch {
      /* the API client has shown why */
      setDeleting(false);
    }
  }

  return (
    <CommunityPage title="Community Detail">
      {error ? (
        <LoadError message={error} onRetry={reload} />
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
          actions={canDelete && <Button type="button" label="Delete" icon="pi pi-trash" severity="danger" outlined onClick={() => setConfirming(true)} />}
        />
      )}
      <ConfirmDeleteDialog visible={confirming} busy={deleting} onConfirm={() => void remove()} onHide={() => setConfirming(false)} />
    </CommunityPage>
  );
}
