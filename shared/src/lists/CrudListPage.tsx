import { CrudDialogs } from './CrudDialogs';
import { CrudToolbar } from './CrudToolbar';
import type { ListScreen } from './listScreen';
import { PagedListPage } from './PagedListPage';
import { RowButtons } from './RowButtons';
import { useCrudList } from './useCrudList';

/**
 * A uniform list screen from its declaration alone: useCrudList's state drawn by the kit's parts.
 * A screen that differs composes the same hook and parts itself rather than adding a key here.
 */
export function CrudListPage<T extends { id: number }, Input extends Record<string, unknown>, X = never>({ screen }: { screen: ListScreen<T, Input, X> }) {
  const crud = useCrudList(screen);
  return (
    <>
      <PagedListPage
        title={crud.title}
        list={crud.list}
        columns={screen.columns}
        toolbar={<CrudToolbar crud={crud} />}
        rowActions={crud.hasRowButtons ? (row: T) => <RowButtons crud={crud} row={row} /> : undefined}
        rowClassName={screen.rowClassName}
        pageSize={screen.pageSize}
      />
      <CrudDialogs crud={crud} />
    </>
  );
}
