import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ResourceApi } from '../api/resource';
import { regionSchema, type RegionInput } from '../schemas';
import { signInAs } from '../testing';
import { CrudListPage } from './CrudListPage';
import type { ListScreen } from './listScreen';

// Row buttons on some rows only, a read-only detail dialog, and a page size of the screen's own.

interface Item {
  id: number;
  name: string;
  mine: boolean;
}

const rows: Item[] = [
  { id: 1, name: 'Made here', mine: true },
  { id: 2, name: 'Made elsewhere', mine: false },
];
const api = {
  list: jest.fn(async () => ({ data: rows, status: 'success' as const, total: 40 })),
  show: jest.fn(),
  create: jest.fn(),
  update: jest.fn(),
  remove: jest.fn(),
} as unknown as ResourceApi<Item, RegionInput>;

const screenDef: ListScreen<Item, RegionInput> = {
  title: 'Items',
  entity: 'Item',
  permission: 'regions',
  api,
  pageSize: 28,
  columns: [{ field: 'name', header: 'Name' }],
  rowEditable: (row) => row.mine,
  rowActions: [{ label: 'Detail', action: 'read', title: 'Item Detail', show: (row) => <p>All about {row.name}</p> }],
  form: {
    createTitle: 'Create Item',
    updateTitle: 'Update Item',
    fields: [{ name: 'name', label: 'Region Name' }],
    schema: regionSchema,
    empty: { name: '' },
    toInput: (r) => ({ name: r.name }),
  },
};

it('shows Update and Delete only on editable rows, a Detail dialog on every row, and pages by the screen’s size', async () => {
  signInAs('MEAL and Digital Tool Officer');
  render(
    <MemoryRouter>
      <CrudListPage screen={screenDef} />
    </MemoryRouter>,
  );
  const mine = (await screen.findByRole('cell', { name: 'Made here' })).closest('tr')!;
  const theirs = screen.getByRole('cell', { name: 'Made elsewhere' }).closest('tr')!;
  expect(within(mine).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  expect(within(mine).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  expect(within(theirs).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
  await userEvent.click(within(theirs).getByRole('button', { name: 'Detail' }));
  expect(
    within(screen.getByRole('dialog', { name: 'Item Detail' })).getByText('All about Made elsewhere'),
  ).toBeInTheDocument();
  // 40 rows at 28 a page: two pages.
  expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
});
