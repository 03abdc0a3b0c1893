import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApiError } from '../api/errors';
import type { ResourceApi } from '../api/resource';
import { regionSchema, type RegionInput } from '../schemas';
import { clearNotices, notices, signInAs } from '../testing';
import { CrudListPage } from './CrudListPage';
import type { CrudScreen } from './listScreen';

interface Region {
  id: number;
  name: string;
}

function fakeApi(total = 3): jest.Mocked<ResourceApi<Region, RegionInput>> {
  const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1, name: `Region ${i + 1}` }));
  return {
    list: jest.fn(async (params?: Record<string, unknown>) => {
      const page = Number(params?.page ?? 1);
      return { data: rows.slice((page - 1) * 10, page * 10), status: 'success' as const, total };
    }),
    show: jest.fn(),
    create: jest.fn(async (input: RegionInput) => ({ data: { id: 99, ...input }, status: 'success' as const })),
    update: jest.fn(async (id: number, input: RegionInput) => ({ data: { id, ...input }, status: 'success' as const })),
    remove: jest.fn(async (_id: number) => ({ message: 'ok' })),
  };
}

const screenFor = (api: ResourceApi<Region, RegionInput>): CrudScreen<Region, RegionInput> => ({
  title: 'Region List',
  entity: 'Region',
  permission: 'regions',
  api,
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Region Name' },
  ],
  form: {
    createTitle: 'Create Region',
    updateTitle: 'Update Region',
    fields: [{ name: 'name', label: 'Region Name' }],
    schema: regionSchema,
    empty: { name: '' },
    toInput: (r) => ({ name: r.name }),
  },
});

function Where() {
  const { search } = useLocation();
  return <span data-testid="search">{search}</span>;
}

function renderPage(api: ResourceApi<Region, RegionInput>, url = '/admin/region-list') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <CrudListPage screen={screenFor(api)} />
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(clearNotices);

it('lists rows with a back button and no paginator when one page holds them all', async () => {
  signInAs('MEAL Associate');
  renderPage(fakeApi(3));
  expect(await screen.findByRole('cell', { name: 'Region 3' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  expect(document.querySelector('.p-paginator')).toBeNull();
});

it('pages through the URL when the total exceeds 10', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi(23);
  renderPage(api, '/admin/region-list?page=3');
  expect(await screen.findByRole('cell', { name: 'Region 21' })).toBeInTheDocument();
  expect(api.list).toHaveBeenLastCalledWith({ page: 3 }, expect.anything());
  await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
  expect(await screen.findByRole('cell', { name: 'Region 1' })).toBeInTheDocument();
  expect(screen.getByTestId('search')).toHaveTextContent('?page=1');
});

it('creates with the spec message for an empty name and the success notice', async () => {
  signInAs('MEAL and Digital Tool Officer');
  const api = fakeApi(1);
  renderPage(api);
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Region Name is required!')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Kachin');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Kachin' }));
  expect(notices()).toContain('Region has been created successfully!');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it("keeps the dialog and the typing when the server refuses, showing the server's field message", async () => {
  signInAs('MEAL and Digital Tool Officer');
  const api = fakeApi(1);
  api.create.mockRejectedValue(
    new ApiError('Region Name has already been taken!', 400, { name: ['Region Name has already been taken!'] }),
  );
  renderPage(api);
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Yangon');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Region Name has already been taken!')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Region Name')).toHaveValue('Yangon');
  expect(notices()).toContain('Region Name has already been taken!');
});

it('updates and deletes after the spec confirmation', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi(2);
  renderPage(api);
  const row = (await screen.findByRole('cell', { name: 'Region 2' })).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByLabelText('Region Name')).toHaveValue('Region 2');
  await userEvent.clear(within(dialog).getByLabelText('Region Name'));
  await userEvent.type(within(dialog).getByLabelText('Region Name'), 'Bago');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, { name: 'Bago' }));
  expect(notices()).toContain('Region has been updated successfully!');

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog');
  expect(within(confirm).getByText('Are you sure?')).toBeInTheDocument();
  expect(within(confirm).getByText("You won't be able to recover this!")).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(api.remove).toHaveBeenCalledWith(2));
  expect(notices()).toContain('Region has been deleted successfully!');
});

it('shows a read-only role neither New nor row actions', async () => {
  signInAs('Data Assistant');
  renderPage(fakeApi(2));
  expect(await screen.findByRole('cell', { name: 'Region 1' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});

it('shows a load failure with a retry instead of an empty table', async () => {
  signInAs('MEAL Associate');
  const api = fakeApi(1);
  api.list.mockRejectedValueOnce(new ApiError('Something was wrong!', 500));
  renderPage(api);
  expect(await screen.findByText('Something was wrong!')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('cell', { name: 'Region 1' })).toBeInTheDocument();
});
