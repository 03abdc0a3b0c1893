import { Button } from 'primereact/button';
import { ExportButton } from './ExportButton';
import { ListFilters } from './ListFilters';
import type { CrudList } from './useCrudList';

/** A list's toolbar: its filters, New and Export, each only when declared and allowed. */
export function CrudToolbar<T extends { id: number }, Input extends Record<string, unknown>, X>({
  crud,
}: {
  crud: CrudList<T, Input, X>;
}) {
  const { screen } = crud;
  return (
    <>
      {screen.filters && <ListFilters filters={screen.filters} />}
      {crud.can.create && <Button type="button" label="New" icon="pi pi-plus" onClick={crud.create} />}
      {crud.can.export && screen.export && (
        <ExportButton def={screen.export} filters={crud.filters} filterDefs={screen.filters} />
      )}
    </>
  );
}
