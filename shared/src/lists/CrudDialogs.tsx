import { Dialog } from 'primereact/dialog';
import { useAtomValue } from 'jotai';
import { userAtom } from '@vot/shared/session';
import { READING_DIALOG_PT } from '../ui/dialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { CrudDialog } from './CrudDialog';
import { opensRows, type CreateForm } from './listScreen';
import type { CrudList } from './useCrudList';

type Crud<T extends { id: number }, Input extends Record<string, unknown>, X> = { crud: CrudList<T, Input, X> };

/** New's dialog, or Update's with the row's values (update-only fields in, create-only out). */
function FormDialog<T extends { id: number }, Input extends Record<string, unknown>, X>({
  crud,
  form,
}: Crud<T, Input, X> & { form: CreateForm<T, Input> }) {
  const user = useAtomValue(userAtom);
  const { editing } = crud.form;
  const update =
    editing?.mode === 'update' && opensRows(form)
      ? { title: form.updateTitle, values: form.toInput(editing.row) }
      : null;
  return (
    <CrudDialog<Input>
      header={update ? update.title : form.createTitle}
      visible={editing !== null}
      onHide={crud.form.close}
      fields={form.fields.filter((f) => (update ? !f.createOnly : !f.updateOnly))}
      schema={update ? form.schema : (form.createSchema ?? form.schema)}
      initialValues={update ? update.values : typeof form.empty === 'function' ? form.empty(user) : form.empty}
      onSubmit={crud.form.save}
      width={form.width}
    />
  );
}

/** The open row dialog (Email Update), with the row's values. */
function RowDialogOf<T extends { id: number }, Input extends Record<string, unknown>, X>({ crud }: Crud<T, Input, X>) {
  const { open } = crud.rowDialog;
  return (
    <CrudDialog<Record<string, unknown>>
      header={open?.action.title ?? ''}
      visible={open !== null}
      onHide={crud.rowDialog.close}
      fields={open?.action.fields ?? []}
      schema={open?.action.schema ?? crud.rowDialogs[0]!.schema}
      initialValues={open ? open.action.toInput(open.row) : {}}
      onSubmit={crud.rowDialog.submit}
    />
  );
}

/** Every dialog of a list screen: a shown record, a row action's confirmation, the form, the row dialog, Delete's confirmation. */
export function CrudDialogs<T extends { id: number }, Input extends Record<string, unknown>, X>({
  crud,
}: Crud<T, Input, X>) {
  const { runs, deletion } = crud;
  const { form } = crud.screen;
  const confirming = runs.confirming;
  return (
    <>
      <Dialog
        header={runs.showing?.title}
        visible={runs.showing !== null}
        onHide={runs.closeShow}
        style={{ width: 'min(44rem, 95vw)' }}
        pt={READING_DIALOG_PT}
        modal
      >
        {runs.showing?.body}
      </Dialog>
      {confirming && 'run' in confirming.action && confirming.action.confirm && (
        <ConfirmDeleteDialog
          visible
          busy={runs.running !== null}
          text={confirming.action.confirm.text(confirming.row)}
          yes={confirming.action.confirm.yes}
          onConfirm={() => void runs.run(confirming.action, confirming.row)}
          onHide={runs.closeConfirm}
        />
      )}
      {form && <FormDialog crud={crud} form={form} />}
      {crud.rowDialogs.length > 0 && <RowDialogOf crud={crud} />}
      <ConfirmDeleteDialog
        visible={deletion.row !== null}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onHide={deletion.cancel}
      />
    </>
  );
}
