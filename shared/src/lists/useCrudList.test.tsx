import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ResourceApi } from '../api/resource';
import type { RegionInput } from '../schemas';
import { signInAs } from '../testing';
import { CrudListPage } from './CrudListPage';

// The list depends on the screen's list call and query values, not on the screen object's identity.

interface Item {
  id: number;
  name: string;
}

const api = {
  list: jest.fn(async () => ({ data: [{ id: 1, name: 'Item 1' }], status: 'success' as const, total: 1 })),
  show: jest.fn(),
  create: jest.fn(),
  update: jest.fn(),
  remove: jest.fn(),
} as unknown as jest.Mocked<ResourceApi<Item, RegionInput>>;

/** Declares its screen in its body, as a screen may: a new object, columns and query on every render. */
function Page() {
  const [status, setStatus] = useState(0);
  const [renders, setRenders] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Render again
      </button>
      <button type="button" onClick={() => setStatus(1)}>
        Other status
      </button>
      <CrudListPage
        screen={{
          title: `Items, render ${renders}`,
          entity: 'Item',
          permission: 'regions',
          api,
          query: { status },
          columns: [{ field: 'name', header: 'Name' }],
        }}
      />
    </>
  );
}

beforeEach(() => api.list.mockClear());

it('does not reload when the screen object is new but its query and list call are the same', async () => {
  signInAs('MEAL Associate');
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('cell', { name: 'Item 1' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Render again' }));
  await userEvent.click(screen.getByRole('button', { name: 'Render again' }));
  expect(await screen.findByRole('heading', { name: 'Items, render 3' })).toBeInTheDocument();
  expect(api.list).toHaveBeenCalledTimes(1);
  expect(api.list).toHaveBeenCalledWith({ status: 0, page: 1 }, expect.anything());
});

it('reloads when the query says something else', async () => {
  signInAs('MEAL Associate');
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  await screen.findByRole('cell', { name: 'Item 1' });
  await userEvent.click(screen.getByRole('button', { name: 'Other status' }));
  await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  expect(api.list).toHaveBeenLastCalledWith({ status: 1, page: 1 }, expect.anything());
});
