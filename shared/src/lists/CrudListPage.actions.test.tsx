import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '../api/errors';
import type { ResourceApi } from '../api/resource';
import { regionSchema, type RegionInput } from '../schemas';
import { clearNotices, notices, signInAs } from '../testing';
import { useBackToList } from './backToList';
import { CrudListPage } from './CrudListPage';
import type { ListScreen } from './listScreen';

// The declared row actions, form-less screens, fixed queries, created-record links and export of the kit.

interface Item {
  id: number;
  name: string;
}

function fakeApi(total = 2): jest.Mocked<ResourceApi<Item, RegionInput>> {
  let rows = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));
  return {
    list: jest.fn(async () => ({ data: rows, status: 'success' as const, total: rows.length })),
    show: jest.fn(),
    create: jest.fn(async (input: RegionInput) => ({ data: { id: 42, ...input }, status: 'success' as const })),
    update: jest.fn(),
    remove: jest.fn(async (id: number) => {
      rows = rows.filter((r) => r.id !== id);
      return { message: 'ok' };
    }),
  };
}

const form = {
  createTitle: 'Create Item',
  updateTitle: 'Update Item',
  fields: [{ name: 'name', label: 'Region Name' }],
  schema: regionSchema,
  empty: { name: '' },
  toInput: (r: Item) => ({ name: r.name }),
};

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</span>;
}

function DetailPage() {
  const back = useBackToList('/list');
  return (
    <button type="button" onClick={back}>
      Close detail
    </button>
  );
}

function renderScreen(def: ListScreen<Item, RegionInput, { name: string }>, url = '/list') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/list" element={<CrudListPage screen={def} />} />
        <Route path="/detail/:id" element={<DetailPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const base = (api: ResourceApi<Item, RegionInput>): ListScreen<Item, RegionInput, { name: string }> => ({
  title: 'Items',
  entity: 'Item',
  permission: 'volunteers',
  api,
  columns: [{ field: 'name', header: 'Name' }],
});

beforeEach(clearNotices);

it('a row link opens its route with the list query, and Back from there returns to the list', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi();
  renderScreen(
    {
      ...base(api),
      form,
      rowButtons: [],
      rowActions: [{ label: 'Detail', action: 'read', to: (r) => `/detail/${r.id}` }],
    },
    '/list?page=1&township_id=7',
  );
  const row = (await screen.findByRole('cell', { name: 'Item 2' })).closest('tr')!;
  expect(within(row).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Detail' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/detail/2?page=1&township_id=7|{"fromList":true}');
  await userEvent.click(screen.getByRole('button', { name: 'Close detail' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/list?page=1&township_id=7|');
});

it('a detail opened by a link from elsewhere goes to its list on close', async () => {
  signInAs('MEAL Associate');
  renderScreen(base(fakeApi()), '/detail/2?page=3');
  await userEvent.click(screen.getByRole('button', { name: 'Close detail' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/list?page=3|null');
});

it('a row call shows its notice and reloads; a refused call shows no success', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi();
  const recover = jest
    .fn()
    .mockResolvedValueOnce({ message: 'ok' })
    .mockRejectedValueOnce(new ApiError('Only a volunteer in the trash can be recovered.', 409));
  renderScreen({
    ...base(api),
    permission: 'trash',
    query: { status: 0 },
    rowActions: [
      {
        label: 'Recover',
        action: 'update',
        run: (r) => recover(r.id),
        notice: 'Item has been recovered successfully!',
      },
    ],
  });
  const row = (await screen.findByRole('cell', { name: 'Item 1' })).closest('tr')!;
  expect(api.list).toHaveBeenCalledWith({ status: 0, page: 1 }, expect.anything());
  // No form: neither New nor Update, whatever the permission; Delete stays.
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Recover' }));
  await waitFor(() => expect(notices()).toEqual(['Item has been recovered successfully!']));
  await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  await userEvent.click(within(row).getByRole('button', { name: 'Recover' }));
  await waitFor(() => expect(recover).toHaveBeenCalledTimes(2));
  expect(notices()).toEqual(['Item has been recovered successfully!']);
});

it('hides a row action from a role without its permission', async () => {
  signInAs('Project Officer'); // trash: read and export only
  renderScreen({
    ...base(fakeApi()),
    permission: 'trash',
    rowActions: [{ label: 'Recover', action: 'update', run: jest.fn(), notice: '' }],
  });
  await screen.findByRole('cell', { name: 'Item 1' });
  expect(screen.queryByRole('button', { name: 'Recover' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});

it('opens a created record where the screen says, with its width', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi();
  renderScreen(
    { ...base(api), form: { ...form, width: '60vw', openCreated: (r) => `/detail/${r.id}` } },
    '/list?page=1',
  );
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveStyle({ width: '60vw' });
  await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Mon');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/detail/42?page=1|{"fromList":true}'));
  expect(notices()).toContain('Item has been created successfully!');
});

it('starts a new record from the user when the screen says so, and titles from the rows', async () => {
  signInAs('MEAL Associate');
  renderScreen({
    ...base(fakeApi()),
    title: (rows) => `${rows.length} items`,
    form: { ...form, empty: (user) => ({ name: user?.name ?? '' }) },
  });
  expect(await screen.findByRole('heading', { name: '2 items' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  expect(within(screen.getByRole('dialog')).getByLabelText('Region Name')).toHaveValue('Tester');
});

it('shows Export only to a role with the export permission', async () => {
  const exportDef = { fileName: 'Items', load: jest.fn(), columns: [{ header: 'Name', field: 'name' as const }] };
  signInAs('Project Officer'); // volunteers: read and export
  const { unmount } = renderScreen({ ...base(fakeApi()), export: exportDef });
  expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
  unmount();
  signInAs('Clinic MO');
  renderScreen({ ...base(fakeApi()), export: exportDef });
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Export' })).toBeNull());
});

it('with a create page, New opens it instead of a dialog, for a role that may create', async () => {
  signInAs('MEAL Associate'); // volunteers: create
  const { unmount } = renderScreen({ ...base(fakeApi()), createPath: '/detail/new' }, '/list?page=2');
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/detail/new|null');
  expect(screen.queryByRole('dialog')).toBeNull();
  unmount();
  signInAs('Project Officer'); // volunteers: read and export
  renderScreen({ ...base(fakeApi()), createPath: '/detail/new' });
  await screen.findByRole('cell', { name: 'Item 1' });
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
});
