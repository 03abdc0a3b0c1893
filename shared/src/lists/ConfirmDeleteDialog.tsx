import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { UI_MESSAGES } from '@vot/shared/domain';

interface Props {
  visible: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onHide: () => void;
  text?: string;
  /** The confirming button's label, when the action is not a delete. */
  yes?: string;
}

/** The shared confirm dialog, in the spec's words: 'Are you sure?' / 'Yes, delete it!' / 'Cancel'. */
export function ConfirmDeleteDialog({
  visible,
  busy,
  onConfirm,
  onHide,
  text = UI_MESSAGES.confirmText,
  yes = UI_MESSAGES.confirmYes,
}: Props) {
  const footer = (
    <>
      <Button
        type="button"
        label={UI_MESSAGES.confirmCancel}
        severity="secondary"
        outlined
        onClick={onHide}
        disabled={busy}
      />
      <Button type="button" label={yes} severity="danger" onClick={onConfirm} loading={busy} autoFocus />
    </>
  );
  return (
    <Dialog
      header={UI_MESSAGES.confirmTitle}
      visible={visible}
      onHide={onHide}
      footer={footer}
      style={{ width: 'min(28rem, 95vw)' }}
    >
      <p className="m-0">
        <i className="pi pi-exclamation-triangle" style={{ color: 'var(--orange-500)', marginRight: 8 }} />
        {text}
      </p>
    </Dialog>
  );
}
