import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import type { CrudList } from './useCrudList';

interface Props<T extends { id: number }, Input extends Record<string, unknown>, X> {
  crud: CrudList<T, Input, X>;
  row: T;
  /** A screen's own buttons, first (the infection checklist's read-only Detail). */
  children?: ReactNode;
}

/** A row's Action cell: Update, the row dialogs, the row actions, then Delete, each as the user may. */
export function RowButtons<T extends { id: number }, Input extends Record<string, unknown>, X>({
  crud,
  row,
  children,
}: Props<T, Input, X>) {
  const { can, editable, runs } = crud;
  const allowed = crud.allowedOn(row);
  return (
    <span className="vot-row-actions">
      {children}
      {can.update && editable(row) && (
        <Button type="button" label="Update" size="small" outlined onClick={() => crud.form.update(row)} />
      )}
      {crud.rowDialogs
        .filter((action) => allowed || action.action === 'read')
        .map((action) => (
          <Button
            key={action.label}
            type="button"
            label={action.label}
            size="small"
            outlined
            severity="secondary"
            onClick={() => crud.rowDialog.start(action, row)}
          />
        ))}
      {crud.rowActions
        .filter((action) => allowed || action.action === 'read')
        .map((action) => (
          <Button
            key={action.label}
            type="button"
            label={action.label}
            size="small"
            outlined
            severity={action.severity ?? 'info'}
            loading={runs.running === `${action.label}-${row.id}`}
            disabled={runs.running !== null}
            onClick={() => runs.start(action, row)}
          />
        ))}
      {can.delete && editable(row) && (
        <Button
          type="button"
          label="Delete"
          size="small"
          severity="danger"
          outlined
          onClick={() => crud.deletion.ask(row)}
        />
      )}
    </span>
  );
}
