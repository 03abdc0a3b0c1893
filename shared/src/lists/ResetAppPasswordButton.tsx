import { useState } from 'react';
import { Button } from 'primereact/button';
import { notify } from '@vot/shared/session';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

interface Props<T> {
  /** The volunteer's or patient's name, as the confirmation says it. */
  name: string;
  /** The reset call (POST volunteers|patients/{id}/reset-password): the record, with its new password, and the notice. */
  reset: () => Promise<{ data: T; message: string }>;
  /** Shows the record the reset answered with, its new initial password in it. */
  onReset: (record: T) => void;
}

/**
 * Reset Password of a volunteer's or patient's detail, for who may update them: after the shared
 * confirmation (worded as the account list's), a new generated initial password for the phone app,
 * shown where the detail shows it, and every app session of that person ended.
 */
export function ResetAppPasswordButton<T>({ name, reset, onReset }: Props<T>) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const answer = await reset();
      notify('success', answer.message);
      setConfirming(false);
      onReset(answer.data);
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        label="Reset Password"
        icon="pi pi-key"
        severity="warning"
        outlined
        onClick={() => setConfirming(true)}
      />
      <ConfirmDeleteDialog
        visible={confirming}
        busy={busy}
        text={`${name} gets a new initial password, shown here, and is signed out of the app.`}
        yes="Yes, reset it!"
        onConfirm={() => void confirm()}
        onHide={() => setConfirming(false)}
      />
    </>
  );
}
