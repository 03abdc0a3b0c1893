import type { ReactNode } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { PAGE_SIZE } from '@vot/shared/domain';
import { PagedFrame } from './PagedFrame';
import { SideScroll } from './SideScroll';
import type { PagedList } from './usePagedList';

/** A name column's least width (ColumnDef.minWidth): "Daw Mya Mya" in two lines, not three. */
export const NAME_WIDTH = '6rem';

/**
 * The Action column's class: it stays at the table's right edge when the table scrolls sideways, with
 * a shadow while columns lie under it (SideScroll, shell styles.css).
 */
export const ACTIONS_COLUMN = 'vot-actions-column';

/** A column of a list's declaration: its header and how a row shows in it. */
export interface ColumnDef<T> {
  field: string;
  header: string;
  /** Custom cell; `index` is the row's position in the whole list (0-based), for numbered tables. */
  body?: (row: T, index: number) => ReactNode;
  /** Codes, passwords and days: one line, never broken at their hyphens (read out to a patient, typed into a phone). */
  nowrap?: boolean;
  /** Names: wide enough for two words a line, not one. */
  minWidth?: string;
}

interface Props<T> {
  title: string;
  list: PagedList<T>;
  columns: ColumnDef<T>[];
  pageSize?: number;
  toolbar?: ReactNode;
  /** A line under the title (PagedFrame). */
  intro?: ReactNode;
  rowActions?: (row: T) => ReactNode;
  emptyMessage?: string;
  /** A row's highlight (patients with TB): class names the screen styles. */
  rowClassName?: (row: T) => string | undefined;
}

/** A list screen: the paged frame around a table of the declared columns. */
export function PagedListPage<T extends { id: number }>({
  title,
  list,
  columns,
  pageSize = PAGE_SIZE,
  toolbar,
  intro,
  rowActions,
  emptyMessage = 'No records found.',
  rowClassName,
}: Props<T>) {
  const firstLoad = list.loading && list.rows.length === 0 && !list.error;
  return (
    <PagedFrame title={title} list={list} pageSize={pageSize} toolbar={toolbar} intro={intro}>
      <SideScroll watch={list.rows}>
        <DataTable
          value={list.rows}
          dataKey="id"
          rowClassName={rowClassName && ((row: T) => rowClassName(row) ?? '')}
          loading={list.loading && !firstLoad}
          emptyMessage={emptyMessage}
          stripedRows
          size="small"
        >
          {columns.map((c) => (
            <Column
              key={c.field}
              field={c.field}
              header={c.header}
              body={
                c.body &&
                ((row: T, options: { rowIndex: number }) => c.body!(row, (list.page - 1) * pageSize + options.rowIndex))
              }
              bodyClassName={c.nowrap ? 'vot-nowrap' : undefined}
              style={c.minWidth ? { minWidth: c.minWidth } : undefined}
            />
          ))}
          {rowActions && (
            <Column
              header="Action"
              body={rowActions}
              headerClassName={ACTIONS_COLUMN}
              bodyClassName={ACTIONS_COLUMN}
              style={{ whiteSpace: 'nowrap' }}
            />
          )}
        </DataTable>
      </SideScroll>
    </PagedFrame>
  );
}
