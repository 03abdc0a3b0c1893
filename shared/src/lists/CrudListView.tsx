import type { ReactNode } from 'react';
import { CrudDialogs } from './CrudDialogs';
import { CrudToolbar } from './CrudToolbar';
import { PagedListPage } from './PagedListPage';
import { RowButtons } from './RowButtons';
import type { CrudList } from './useCrudList';

interface Props<T extends { id: number }, Input extends Record<string, unknown>, X> {
  crud: CrudList<T, Input, X>;
  /** A screen's own row buttons, before the kit's (the infection checklist's read-only Detail). */
  rowExtras?: (row: T) => ReactNode;
  /** A screen's own dialogs, after the kit's. */
  children?: ReactNode;
  /** A line under the title: why New, Update or Delete are missing. */
  intro?: ReactNode;
}

/**
 * A list screen drawn from useCrudList's state: the paged table with the toolbar and the row
 * buttons, then the dialogs. CrudListPage is this over a declaration; a screen that adds its own
 * row buttons or dialogs composes it with them instead of redrawing the parts.
 */
export function CrudListView<T extends { id: number }, Input extends Record<string, unknown>, X = never>({
  crud,
  rowExtras,
  children,
  intro,
}: Props<T, Input, X>) {
  const { screen } = crud;
  return (
    <>
      <PagedListPage
        title={crud.title}
        list={crud.list}
        columns={screen.columns}
        toolbar={<CrudToolbar crud={crud} />}
        intro={intro}
        rowActions={
          crud.hasRowButtons || rowExtras
            ? (row: T) => (
                <RowButtons crud={crud} row={row}>
                  {rowExtras?.(row)}
                </RowButtons>
              )
            : undefined
        }
        rowClassName={screen.rowClassName}
        pageSize={screen.pageSize}
      />
      <CrudDialogs crud={crud} />
      {children}
    </>
  );
}
