import { useState } from 'react';
import { generatePath, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { successMessage } from '@vot/shared/domain';
import { ConfirmDeleteDialog, CrudDialog, ResetAppPasswordButton } from '@vot/shared/lists';
import { type Volunteer, type VolunteerInput, volunteerSchema } from '@vot/shared/schemas';
import { notify } from '@vot/shared/session';
import { useCan } from '@vot/shared/ui';
import { routes } from '../../routes';
import { volunteersApi } from './volunteer.api';
import { VOLUNTEER_DIALOG_WIDTH, volunteerFields, volunteerInput } from './volunteer.form';

const detailFields = volunteerFields.filter((f) => !f.createOnly);

interface Props {
  volunteer: Volunteer;
  /** Back to the list: after closing, saving or moving to the trash. */
  onClose: () => void;
}

/**
 * SPEC.md §2 Volunteers: the detail/update dialog. Its code (and its first password, while it is
 * still the generated one) are shown read-only; Update, Reset Password, Training and Delete (to
 * the trash) by role.
 */
export function VolunteerDetailDialog({ volunteer: opened, onClose }: Props) {
  // After a password reset: the volunteer as the API answered, its form started afresh to show the new password.
  const [volunteer, setVolunteer] = useState(opened);
  const [resets, setResets] = useState(0);
  const navigate = useNavigate();
  const canUpdate = useCan('volunteers', 'update');
  const canDelete = useCan('volunteers', 'delete');
  const canSeeTrainings = useCan('trainings', 'read');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function update(values: VolunteerInput) {
    await volunteersApi.update(volunteer.id, values);
    notify('success', successMessage('Volunteer', 'updated'));
    onClose();
  }

  async function moveToTrash() {
    setBusy(true);
    try {
      await volunteersApi.moveToTrash(volunteer.id);
      notify('success', successMessage('Volunteer', 'deleted'));
      setConfirming(false);
      onClose();
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  const actions = (
    <>
      {canUpdate && (
        <ResetAppPasswordButton
          name={volunteer.name}
          reset={() => volunteersApi.resetPassword(volunteer.id)}
          onReset={(v) => {
            setVolunteer(v);
            setResets((n) => n + 1);
          }}
        />
      )}
      {canSeeTrainings && (
        <Button
          type="button"
          label="Training"
          icon="pi pi-book"
          severity="info"
          outlined
          onClick={() => navigate(generatePath(routes.trainingList.path, { id: String(volunteer.id) }))}
        />
      )}
      {canDelete && (
        <Button
          type="button"
          label="Delete"
          icon="pi pi-trash"
          severity="danger"
          outlined
          onClick={() => setConfirming(true)}
        />
      )}
    </>
  );

  return (
    <>
      <CrudDialog<VolunteerInput & { code: string; plain_password: string | null }>
        key={resets}
        header="Volunteer Detail"
        visible
        onHide={onClose}
        fields={detailFields}
        schema={volunteerSchema}
        initialValues={{
          ...volunteerInput(volunteer),
          code: volunteer.code,
          plain_password: volunteer.plain_password ?? null,
        }}
        onSubmit={update}
        width={VOLUNTEER_DIALOG_WIDTH}
        submitLabel="Update"
        readOnly={!canUpdate}
        actions={actions}
      />
      <ConfirmDeleteDialog
        visible={confirming}
        busy={busy}
        onConfirm={() => void moveToTrash()}
        onHide={() => setConfirming(false)}
      />
    </>
  );
}
