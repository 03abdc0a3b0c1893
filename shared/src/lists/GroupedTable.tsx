import { Column } from 'primereact/column';
import { ColumnGroup as HeaderGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Row } from 'primereact/row';
import { leafColumns, spansBothRows, totalsRow, type ColumnGroup } from './grouped';

interface Props<R> {
  groups: ColumnGroup<R>[];
  rows: R[];
  /** A row's key: the table has no id column. */
  rowKey: (row: R) => string;
  /** Accessible name of the table. */
  label: string;
  emptyMessage?: string;
  loading?: boolean;
  /**
   * The column (from 0) whose totals cell says 'Total' on screen, when the first columns scroll out
   * of view sideways and a later one stays (position: sticky): the label stays beside the totals.
   * The spreadsheet keeps it in the first column (its frozen panes hold every key column).
   */
  totalLabelColumn?: number;
}

/**
 * The screen's side of a grouped report (./grouped.ts): the two-row header and a totals row, from
 * the declaration the spreadsheet uses too. Wide reports scroll sideways inside the page.
 */
export function GroupedTable<R>({
  groups,
  rows,
  rowKey,
  label,
  emptyMessage = 'No records found.',
  loading = false,
  totalLabelColumn = 0,
}: Props<R>) {
  const columns = leafColumns(groups);
  const keyed = rows.map((row) => ({ key: rowKey(row), row }));
  const header = (
    <HeaderGroup>
      <Row>
        {groups.map((g) => (
          <Column
            key={g.header}
            header={g.header}
            colSpan={spansBothRows(g) ? undefined : g.columns.length}
            rowSpan={spansBothRows(g) ? 2 : undefined}
          />
        ))}
      </Row>
      <Row>
        {groups
          .filter((g) => !spansBothRows(g))
          .flatMap((g) => g.columns.map((c) => <Column key={`${g.header}/${c.header}`} header={c.header} />))}
      </Row>
    </HeaderGroup>
  );
  const totals = totalsRow(groups, rows).map((cell, i, all) =>
    i === totalLabelColumn ? all[0]! : i === 0 && totalLabelColumn !== 0 ? '' : cell,
  );
  const footer = rows.length ? (
    <HeaderGroup>
      <Row>
        {totals.map((cell, i) => (
          <Column key={i} footer={cell === '' ? '' : String(cell)} />
        ))}
      </Row>
    </HeaderGroup>
  ) : undefined;
  return (
    <div className="vot-grouped-table">
      <DataTable
        value={keyed}
        dataKey="key"
        headerColumnGroup={header}
        footerColumnGroup={footer}
        emptyMessage={emptyMessage}
        loading={loading}
        stripedRows
        showGridlines
        size="small"
        pt={{ table: { 'aria-label': label } }}
      >
        {columns.map((c, i) => (
          <Column key={i} body={(k: { row: R }) => c.value(k.row)} />
        ))}
      </DataTable>
    </div>
  );
}
